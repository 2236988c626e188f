import Box from '@mui/material/Box';

/** The product mark: a shield with a tick. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill="#1d4f91" />
      <path d="M32 12 14 20v12c0 11 7.7 18.6 18 22 10.3-3.4 18-11 18-22V20z" fill="#fff" />
      <path
        d="m24 33 6 6 11-12"
        fill="none"
        stroke="#1d4f91"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}
