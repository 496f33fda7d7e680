import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../shared/forms/TextInput';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { userUpdated, type User } from '../../app/session';
import { useAppDispatch } from '../../app/store';
import { PasswordField } from '../../shared/forms/PasswordField';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm } from '../../shared/forms/use-form';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { PROFILE_MESSAGES, validateProfile, type ProfileValues } from './profile-validation';
import { useUpdateProfileMutation } from './profile.api';

/** Name and (optionally) a new password: PUT user { name, password? }. */
export function ProfileAccountForm({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateProfileMutation();
  const [problem, setProblem] = useState<string[]>([]);
  const initialValues = useMemo<ProfileValues>(() => ({ name: user.name, password: '' }), [user.name]);
  const form = useForm({ initialValues, validate: validateProfile });

  const submit = form.handleSubmit(async ({ name, password }) => {
    setProblem([]);
    try {
      const updated = await updateProfile({ name: name.trim(), ...(password ? { password } : {}) }).unwrap();
      dispatch(userUpdated(updated));
      form.reset({ name: updated.name, password: '' });
      toast.success(PROFILE_MESSAGES.saved);
    } catch (error) {
      const details = toProblem(error);
      const fields = fieldErrors(details);
      form.setServerErrors({ name: fields.name, password: fields.password });
      setProblem(details?.status === 400 ? problemMessages(details, PROFILE_MESSAGES.failed) : []);
      toast.error(PROFILE_MESSAGES.failed);
    }
  });

  return (
    <Card component="section" aria-labelledby="profile-account-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="profile-account-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
          Profile
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          Change your name or password.
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label="Profile">
          <Stack spacing={1}>
            <ProblemAlert messages={problem} />
            <TextInput {...form.field('name')} label="Name" autoComplete="name" />
            <PasswordField
              {...form.field('password', 'Leave blank to keep your current password.')}
              label="New Password"
              autoComplete="new-password"
            />
            <Box>
              <Button type="submit" variant="contained" loading={form.submitting}>
                Save Profile
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
