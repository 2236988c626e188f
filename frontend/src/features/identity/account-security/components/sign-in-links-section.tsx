// Account security's 'Single sign-on' card (docs/spec.md §13 Single sign-on): the identities at the
// provider that sign in to this account, each with 'Remove'. Shown when single sign-on is set up or a
// link remains.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { formatDateTime } from '@/lib/format';
import type { SsoLink } from '@/types/api';
import {
  removeSignInLink,
  useSignInLinks,
  useSsoInfo,
} from '@/features/identity/account-security/api/sign-in-links';

export function SignInLinksSection() {
  const notify = useNotify();
  const { data: info } = useSsoInfo();
  const { data: links, error, isLoading, mutate } = useSignInLinks();
  const [removing, setRemoving] = useState<SsoLink | null>(null);

  if (!info?.enabled && !links?.length) return null;

  return (
    <SectionCard title="Single sign-on">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {info?.label
          ? `'Sign in with ${info.label}' opens this account for these identities.`
          : 'These identities at your organisation sign in to this account.'}{' '}
        A new one is linked the first time its verified e-mail address matches yours.
      </Typography>
      {isLoading ? (
        <LoadingBlock />
      ) : error ? (
        <ErrorBlock error={error} />
      ) : !links?.length ? (
        <Typography>No identity is linked yet.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Single sign-on links"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            '& > li + li': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {links.map((link) => (
            <Box
              component="li"
              key={link.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                py: 1.5,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {link.email}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {link.issuer} · Linked {formatDateTime(link.linkedAt)}
                </Typography>
              </Box>
              <Button
                variant="outlined"
                size="small"
                color="error"
                onClick={() => setRemoving(link)}
                aria-label={`Remove the link to ${link.email}`}
              >
                Remove
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove single sign-on link"
        message={`Remove the link to ${removing?.email ?? ''}? It signs in again only if its e-mail address matches your account.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            const { message } = await removeSignInLink(removing.id);
            notify({ title: message || 'Sign-in link removed', severity: 'success' });
          } catch (failure) {
            notify(errorToast(failure, 'Failed to remove the link'));
          }
          await mutate();
        }}
      />
    </SectionCard>
  );
}
