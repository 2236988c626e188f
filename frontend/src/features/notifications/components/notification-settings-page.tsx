// Notification settings (spec §11): which e-mails the portal sends you, single mails or a weekly digest,
// and the document categories you follow. Every notification's footer links here.
import { useRef } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { useSWRConfig } from 'swr';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { FormStatusAlert } from '@/components/form/form-status-alert';
import { showServerErrors } from '@/components/form/server-errors';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { categoryLabels } from '@/components/status-chips';
import type { DocumentCategory, NotificationKind, NotificationSettings } from '@/types/api';
import {
  notificationSettingsPath,
  saveNotificationSettings,
  useNotificationSettings,
} from '@/features/notifications/api/notification-settings';

/** Every kind, in the order the page lists them, with what it means. */
export const notificationKinds: { kind: NotificationKind; label: string; hint: string }[] = [
  {
    kind: 'action-assigned',
    label: 'An action is assigned to you',
    hint: 'When an action is created for you or passed to you.',
  },
  {
    kind: 'action-due-soon',
    label: 'Your action is due in 3 days',
    hint: 'A reminder for actions that are not complete.',
  },
  {
    kind: 'action-overdue',
    label: 'Your action is overdue',
    hint: 'Once, on the day after its due date, if it is not complete.',
  },
  {
    kind: 'meeting-scheduled',
    label: 'A meeting is scheduled or changed',
    hint: 'Board meetings, and the meetings of your committees.',
  },
  {
    kind: 'meeting-reminder',
    label: 'Meeting reminders',
    hint: '7 days and 1 day before each meeting.',
  },
  { kind: 'notice-high', label: 'A high-priority notice is posted', hint: 'Urgent notices only.' },
  {
    kind: 'document-new',
    label: 'A new document in a category you follow',
    hint: 'Choose the categories below.',
  },
  {
    kind: 'committee-unread',
    label: 'Committee messages you have not read',
    hint: 'One e-mail per committee when messages have been unread for an hour.',
  },
];

const categories = Object.keys(categoryLabels) as DocumentCategory[];

type Values = {
  enabled: NotificationKind[];
  delivery: 'single' | 'digest';
  followedCategories: DocumentCategory[];
};

const schema = yup.object({
  enabled: yup.array().of(yup.string().required()),
  delivery: yup.string().oneOf(['single', 'digest']).required(),
  followedCategories: yup.array().of(yup.string().required()),
});

const toValues = (settings: NotificationSettings): Values => ({
  enabled: notificationKinds
    .map((k) => k.kind)
    .filter((kind) => !settings.disabledKinds.includes(kind)),
  delivery: settings.weeklyDigest ? 'digest' : 'single',
  followedCategories: settings.followedCategories,
});

const toSettings = (values: Values): NotificationSettings => ({
  disabledKinds: notificationKinds
    .map((k) => k.kind)
    .filter((kind) => !values.enabled.includes(kind)),
  weeklyDigest: values.delivery === 'digest',
  followedCategories: categories.filter((c) => values.followedCategories.includes(c)),
});

const toggle = <T,>(list: T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const notify = useNotify();
  const { mutate } = useSWRConfig();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    helpers.setStatus(undefined);
    try {
      const saved = await saveNotificationSettings(toSettings(values));
      await mutate(notificationSettingsPath, saved, { revalidate: false });
      helpers.resetForm({ values: toValues(saved) });
      notify({ title: 'Notification settings saved', severity: 'success' });
    } catch (error) {
      if (!showServerErrors(error, helpers, formRef.current, [])) {
        notify(errorToast(error, 'Failed to save notification settings'));
      }
    }
  };

  return (
    <Formik<Values> initialValues={toValues(settings)} validationSchema={schema} onSubmit={submit}>
      {({ values, setFieldValue, isSubmitting, dirty }) => (
        <Form ref={formRef} noValidate>
          <Box sx={{ display: 'grid', gap: 3 }}>
            <FormStatusAlert />
            <SectionCard title="E-mails you get">
              <FormGroup>
                {notificationKinds.map(({ kind, label, hint }) => (
                  <Box key={kind} sx={{ mb: 1 }}>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={values.enabled.includes(kind)}
                          onChange={(_, on) =>
                            void setFieldValue('enabled', toggle(values.enabled, kind, on))
                          }
                        />
                      }
                      label={label}
                    />
                    <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{hint}</FormHelperText>
                  </Box>
                ))}
              </FormGroup>
            </SectionCard>
            <SectionCard title="How often">
              <FormControl>
                <FormLabel id="delivery-label">Send them</FormLabel>
                <RadioGroup
                  aria-labelledby="delivery-label"
                  name="delivery"
                  value={values.delivery}
                  onChange={(_, value) => void setFieldValue('delivery', value)}
                >
                  <FormControlLabel
                    value="single"
                    control={<Radio />}
                    label="One e-mail for each, as it happens"
                  />
                  <FormControlLabel
                    value="digest"
                    control={<Radio />}
                    label="A weekly digest instead (Monday morning)"
                  />
                </RadioGroup>
              </FormControl>
            </SectionCard>
            <SectionCard title="Document categories you follow">
              <FormGroup>
                {categories.map((category) => (
                  <FormControlLabel
                    key={category}
                    control={
                      <Checkbox
                        checked={values.followedCategories.includes(category)}
                        onChange={(_, on) =>
                          void setFieldValue(
                            'followedCategories',
                            toggle(values.followedCategories, category, on),
                          )
                        }
                      />
                    }
                    label={categoryLabels[category]}
                  />
                ))}
              </FormGroup>
              {values.followedCategories.length === 0 && (
                <FormHelperText>You follow no category: no new-document e-mails.</FormHelperText>
              )}
            </SectionCard>
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting || !dirty}>
                Save settings
              </Button>
            </Box>
          </Box>
        </Form>
      )}
    </Formik>
  );
}

export function NotificationSettingsPage() {
  const { data, error, isLoading } = useNotificationSettings();
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader
        title="Notification settings"
        subtitle="Choose which e-mails the portal sends you. Each goes only to you."
      />
      {isLoading && <LoadingBlock />}
      {error && <ErrorBlock error={error} />}
      {data && <SettingsForm settings={data} />}
    </Box>
  );
}
