import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { useRoundActions } from '@/features/governance/api/declarations';
import type { DeclarationRoundDetail } from '@/features/governance/types';

type YesNo = '' | 'yes' | 'no';

/** The annual declaration: register current, eligibility (18+, none of the s.178 grounds), code. */
export function DeclareDialog({
  round,
  onClose,
}: {
  round: DeclarationRoundDetail;
  onClose: () => void;
}) {
  const notify = useNotify();
  const { declare } = useRoundActions();
  const [registerComplete, setRegisterComplete] = useState(false);
  const [acceptsCode, setAcceptsCode] = useState(false);
  const [over18, setOver18] = useState<YesNo>('');
  const [noGrounds, setNoGrounds] = useState<YesNo>('');
  const [busy, setBusy] = useState(false);
  const ready = registerComplete && acceptsCode && over18 !== '' && noGrounds !== '';

  const submit = async () => {
    setBusy(true);
    try {
      await declare(round.id, {
        registerComplete,
        acceptsCode,
        over18: over18 === 'yes',
        noDisqualification: noGrounds === 'yes',
      });
      notify({ title: 'Declaration recorded' });
      onClose();
    } catch (error) {
      notify(errorToast(error, 'Failed to record the declaration'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="declare-title" scroll="body">
      <DialogTitle id="declare-title">Annual declaration {round.year}</DialogTitle>
      <DialogContent>
        <FormControlLabel
          control={
            <Checkbox
              checked={registerComplete}
              onChange={(e) => setRegisterComplete(e.target.checked)}
            />
          }
          label="My entries on the register of interests are complete and current."
        />
        <Typography sx={{ mt: 2, fontWeight: 600 }} id="over18-label">
          Are you 18 or over?
        </Typography>
        <RadioGroup
          row
          aria-labelledby="over18-label"
          value={over18}
          onChange={(e) => setOver18(e.target.value as YesNo)}
        >
          <FormControlLabel value="yes" control={<Radio />} label="Yes" />
          <FormControlLabel value="no" control={<Radio />} label="No" />
        </RadioGroup>
        <Typography sx={{ mt: 2, fontWeight: 600 }} id="grounds-label">
          Under section 178 of the Charities Act 2011 you cannot be a trustee if any of these
          applies:
        </Typography>
        <ul>
          {round.disqualificationGrounds.map((ground) => (
            <li key={ground}>
              <Typography variant="body2">{ground}</Typography>
            </li>
          ))}
        </ul>
        <RadioGroup
          aria-labelledby="grounds-label"
          value={noGrounds}
          onChange={(e) => setNoGrounds(e.target.value as YesNo)}
        >
          <FormControlLabel value="yes" control={<Radio />} label="None of these applies to me" />
          <FormControlLabel
            value="no"
            control={<Radio />}
            label="One of these applies or may apply to me"
          />
        </RadioGroup>
        {(noGrounds === 'no' || over18 === 'no') && (
          <Alert severity="info" sx={{ my: 1 }}>
            Your declaration will be flagged to the chair, who will talk to you about it. You can
            still submit it.
          </Alert>
        )}
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox checked={acceptsCode} onChange={(e) => setAcceptsCode(e.target.checked)} />
          }
          label={`I have read and accept the board's code of conduct (${round.codeOfConductTitle}).`}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!ready || busy}>
          {busy ? 'Declaring...' : 'Declare'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
