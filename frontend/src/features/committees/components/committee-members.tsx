import { useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormSelectField } from '@/components/form/form-select-field';
import {
  fixedErrorToast,
  useNotify,
  useReportWrite,
} from '@/components/notifications/notifications-provider';
import { LoadingBlock } from '@/components/query-state';
import { EmailAddress } from '@/components/email-address';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { RowAction } from '@/components/responsive-table/row-action';
import { ToneChip } from '@/components/status-chips';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { showServerErrors } from '@/components/form/server-errors';
import type { Committee, CommitteeMember, CommitteeRole } from '@/types/api';
import { useCandidates, useMembers } from '@/features/committees/api/get-members';
import { useAddMember } from '@/features/committees/api/add-member';
import { useRemoveMember } from '@/features/committees/api/remove-member';

const schema = yup.object({
  userId: yup.string().required('Please select a user'),
  role: yup.string().oneOf(['member', 'committee_chair']).required(),
});

const memberColumns: Column<CommitteeMember>[] = [
  {
    header: 'Name',
    card: 'heading',
    cell: (m) => <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{m.name}</Typography>,
  },
  { header: 'E-mail', cell: (m) => <EmailAddress email={m.email} /> },
  {
    header: 'Role',
    cell: (m) => (
      <ToneChip
        label={m.role === 'committee_chair' ? 'Chair' : 'Member'}
        tone={m.role === 'committee_chair' ? 'primary' : 'default'}
      />
    ),
  },
];

type Props = { committee: Committee; canManage: boolean };

export function CommitteeMembers({ committee, canManage }: Props) {
  const notify = useNotify();
  const report = useReportWrite();
  const add = useAddMember();
  const remove = useRemoveMember();
  const editable = canManage && !committee.archived;
  const { data: members, isLoading } = useMembers(committee.id);
  const { data: people } = useCandidates(editable);
  const [removing, setRemoving] = useState<CommitteeMember | null>(null);
  const addForm = useRef<HTMLFormElement>(null);

  const memberIds = new Set((members ?? []).map((m) => m.userId));
  const candidates = (people ?? []).filter((p) => !memberIds.has(p.id));

  return (
    <Box>
      {editable && (
        <Formik
          initialValues={{ userId: '', role: 'member' as CommitteeRole }}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            helpers.setStatus(undefined);
            try {
              await add(committee.id, Number(values.userId), values.role);
              notify({ title: 'Member added successfully' });
              helpers.resetForm();
            } catch (error) {
              showServerErrors(error, helpers, addForm.current, ['userId', 'role']);
              notify(fixedErrorToast('Failed to add member'));
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate ref={addForm}>
              <FormStatusAlert />
              <Box
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' },
                  alignItems: 'start',
                  mb: 2,
                }}
              >
                <FormSelectField
                  name="userId"
                  label="Add member"
                  size="small"
                  placeholder={
                    candidates.length ? 'Select a person' : 'Everyone is already a member'
                  }
                  options={candidates.map((p) => ({ value: String(p.id), label: p.name }))}
                />
                <FormSelectField
                  name="role"
                  label="Committee role"
                  size="small"
                  options={[
                    { value: 'member', label: 'Member' },
                    { value: 'committee_chair', label: 'Chair' },
                  ]}
                />
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? 'Adding...' : 'Add Member'}
                </Button>
              </Box>
            </Form>
          )}
        </Formik>
      )}
      {isLoading ? (
        <LoadingBlock />
      ) : !members?.length ? (
        <Typography color="text.secondary">No members yet.</Typography>
      ) : (
        <ResponsiveTable
          caption="Committee members"
          rows={members}
          rowKey={(m) => m.userId}
          columns={memberColumns}
          actions={
            editable
              ? (m) => (
                  <RowAction
                    label="Remove"
                    accessibleLabel={`Remove ${m.name}`}
                    icon={<PersonRemoveOutlined />}
                    color="error"
                    onClick={() => setRemoving(m)}
                  />
                )
              : undefined
          }
        />
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove Member"
        message={`Remove ${removing?.name ?? ''} from ${committee.name}?`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await report(remove(committee.id, removing.userId), 'Member removed successfully', () =>
            fixedErrorToast('Failed to remove member'),
          );
        }}
      />
    </Box>
  );
}
