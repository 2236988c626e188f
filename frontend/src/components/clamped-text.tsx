import type { ReactNode } from 'react';
import Typography, { type TypographyProps } from '@mui/material/Typography';

type Props = Omit<TypographyProps, 'title' | 'children'> & {
  /** The full text: shown (clamped), and in the `title` so a pointer can read what is cut. */
  text: string;
  /** Lines shown before the text is cut with an ellipsis. */
  lines?: number;
  /** What to show instead of the bare text, e.g. the text as a link. */
  children?: ReactNode;
};

/**
 * A title in a list (spec §2 "Lists"): it wraps onto a second line before it is cut with an ellipsis,
 * and the full text stays in the DOM (screen readers read all of it) and in the `title` on hover.
 */
export function ClampedText({ text, lines = 2, children, sx, ...typography }: Props) {
  return (
    <Typography
      title={text}
      sx={[
        {
          display: '-webkit-box',
          WebkitLineClamp: lines,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...typography}
    >
      {children ?? text}
    </Typography>
  );
}
