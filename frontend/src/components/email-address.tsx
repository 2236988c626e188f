import { Fragment } from 'react';
import Box from '@mui/material/Box';

/** Where an address may break: before the '@' and before each dot, as a reader splits it. */
export const emailBreakParts = (email: string): string[] => email.split(/(?=[@.])/);

/**
 * An e-mail address that wraps at sensible points (before '@' and dots) instead of mid-word, and only as
 * a last resort anywhere, so that a long address never widens a phone's page. `break-word` rather than
 * `anywhere`: the latter lets a table column shrink to one letter and split every address mid-word. All
 * its text nodes sit in one element, so it still reads (and is found) as one string.
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <Box component="span" sx={{ overflowWrap: 'break-word' }}>
      {emailBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}
