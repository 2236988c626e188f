// A section of the meeting page (spec §2 Meeting page): a card whose h2 heading is a button that
// folds and unfolds it. On a phone the sections after the first screen start folded; on wider
// screens they start open. Opening the page at the section's anchor (or one of the anchors inside
// it, e.g. `#papers` in the agenda) unfolds it and scrolls to the anchor, so task links land there.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ExpandMore from '@mui/icons-material/ExpandMore';

type Props = {
  /** The section's anchor (`attendance`, `agenda`, `minutes`). */
  id: string;
  title: string;
  /** Anchors inside the section that unfold it too. */
  inner?: string[];
  /** Shown beside the heading, folded or not (e.g. "Draft"). */
  aside?: ReactNode;
  children: ReactNode;
};

/** The anchor of the current address, without '#'. */
const anchorOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, ''));

export function FoldSection({ id, title, inner = [], aside, children }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { hash } = useLocation();
  const target = anchorOf(hash);
  const wanted = target === id || inner.includes(target);
  const [open, setOpen] = useState(wanted || !phone);
  const headingId = useId();
  const bodyId = useId();

  useEffect(() => {
    if (!wanted) return undefined;
    setOpen(true);
    // Scroll once the unfolded content is laid out.
    const frame = window.requestAnimationFrame(() =>
      document.getElementById(target)?.scrollIntoView?.({ block: 'start' }),
    );
    return () => window.cancelAnimationFrame(frame);
  }, [wanted, target]);

  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={headingId}
      // The app bar is fixed: keep the heading below it when scrolled to.
      sx={{ mb: 2, scrollMarginTop: 80 }}
    >
      <CardContent sx={{ display: 'grid', gap: 2, px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h2" sx={{ m: 0 }}>
          <ButtonBase
            id={headingId}
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((o) => !o)}
            sx={{
              width: '100%',
              justifyContent: 'space-between',
              gap: 1,
              font: 'inherit',
              textAlign: 'left',
              borderRadius: 1,
              minHeight: 44,
            }}
          >
            {title}
            <ExpandMore
              aria-hidden
              sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          </ButtonBase>
        </Typography>
        {aside}
        <div id={bodyId} hidden={!open}>
          {children}
        </div>
      </CardContent>
    </Card>
  );
}
