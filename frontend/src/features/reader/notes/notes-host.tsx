// The notes' dialogs and messages, rendered once per reader (by the overlay of the page in view): the
// note's dialog, the delete's confirmation, and a write the server refused, with its text to copy so
// that nothing typed is lost.
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifications/notifications-provider';
import { deleteNote, saveNote } from '@/features/reader/notes/api';
import { NoteDialog } from '@/features/reader/notes/note-dialog';
import { subscribe } from '@/features/reader/notes/outbox';
import { useNotesState, type NotesStore } from '@/features/reader/notes/store';

export function NotesHost({ store, committee }: { store: NotesStore; committee: boolean }) {
  const { editing, deleting, refusal } = useNotesState(store);
  const notify = useNotify();
  useEffect(() => subscribe({ refused: (r) => store.set({ refusal: r }) }), [store]);
  const refusedText = refusal?.item.op === 'put' ? refusal.item.body.body : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(refusedText);
      notify({ title: 'Note text copied' });
    } catch {
      notify({ title: 'Could not copy: select the text and copy it', severity: 'error' });
    }
  };
  return (
    <>
      {editing && (
        <NoteDialog
          note={editing.note}
          isNew={editing.isNew}
          committee={committee}
          onSave={saveNote}
          onClose={() => store.set({ editing: null })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete note"
        message="Delete this note? This cannot be undone."
        onConfirm={async () => {
          if (deleting) await deleteNote(deleting);
          store.set({ opened: null });
        }}
        onClose={() => store.set({ deleting: null })}
      />
      <Snackbar open={refusal !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert
          severity="error"
          onClose={() => store.set({ refusal: null })}
          action={
            refusedText ? (
              <Button color="inherit" size="small" onClick={copy}>
                Copy text
              </Button>
            ) : undefined
          }
        >
          {refusal?.item.op === 'delete' ? 'A note was not deleted: ' : 'A note was not saved: '}
          {refusal?.message}
          {refusedText && (
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', userSelect: 'text' }}>
              {refusedText}
            </Typography>
          )}
        </Alert>
      </Snackbar>
    </>
  );
}
