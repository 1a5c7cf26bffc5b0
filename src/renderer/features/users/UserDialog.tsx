import { zodResolver } from '@hookform/resolvers/zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ChangeEvent, useId, useState } from 'react';
import { type Control, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { USER_PERMISSION_FLAGS, type User, updateUserBody } from '../../../shared/api/users';
import { can } from '../../../shared/permissions';
import { Can } from '../../app/Can';
import { useCurrentUser } from '../../app/session';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { RecordDialog } from '../../ui/RecordDialog';
import { toast, toastError } from '../../ui/toast';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { usePasswordReveal } from '../../ui/usePasswordReveal';
import { QueuesSelectField } from '../queues/QueuesSelectField';
import { TwoFactorSection } from '../two-factor/TwoFactorSection';
import {
  emptyUserForm,
  newUserFormSchema,
  toCreateBody,
  toUpdateBody,
  type UserFormAccess,
  type UserFormValues,
  userToForm,
} from './user-form';
import { useCreateUser, useUpdateUser, useUploadAvatar, useUser, useUserAvatar } from './useUsers';

export interface UserDialogProps {
  open: boolean;
  /** null: a new user. */
  userId: number | null;
  onClose: () => void;
}

/** 1-attendance §2: the user dialog (tabs General and Permissions), for admins and for "Profile". */
export function UserDialog({ open, userId, onClose }: UserDialogProps) {
  const { t } = useTranslation('users');
  const existing = useUser(open ? userId : null);
  return (
    <RecordDialog
      open={open}
      id={userId}
      record={existing}
      title={userId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      onClose={onClose}
    >
      {(user) => <UserForm user={user} onClose={onClose} />}
    </RecordDialog>
  );
}

type DialogTab = 'general' | 'permissions';

function UserForm({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const currentUser = useCurrentUser();
  const access: UserFormAccess = {
    editProfile: can(currentUser, 'user-modal:editProfile'),
    editQueues: can(currentUser, 'user-modal:editQueues'),
  };
  // The form starts from the user as it was when the dialog opened; live updates do not reset typing.
  const [initial] = useState(() => (user ? userToForm(user) : emptyUserForm()));
  const [tab, setTab] = useState<DialogTab>('general');
  const tabsId = useId();
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  // raw: the form keeps its own values; the server parses (and trims) with the same schema. The casts:
  // the form always holds every field, a narrower type than the schemas' mostly optional input, which
  // Resolver's typing cannot express (user-form.test.ts checks the form's values pass these schemas).
  const resolver = (user
    ? zodResolver(updateUserBody, undefined, { raw: true })
    : zodResolver(newUserFormSchema, undefined, { raw: true })) as unknown as Resolver<UserFormValues>;
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<UserFormValues>({ defaultValues: initial, resolver });
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const uploadAvatar = useUploadAvatar();

  const save = async (values: UserFormValues): Promise<User> => {
    if (!user) return createUser.mutateAsync(toCreateBody(values, access));
    const body = toUpdateBody(initial, values, access);
    if (Object.keys(body).length === 0) return user;
    return updateUser.mutateAsync({ id: user.id, body });
  };

  const onValid = async (values: UserFormValues) => {
    let saved: User;
    try {
      saved = await save(values);
    } catch (err) {
      toastError(err);
      return;
    }
    toast.success(t('dialog.saved'));
    // The user exists by now: a failed upload is reported but does not keep the dialog open for a re-create.
    if (avatarFile) await uploadAvatar.mutateAsync({ id: saved.id, file: avatarFile }).catch(toastError);
    onClose();
  };

  // Every field that can be invalid is on the General tab.
  const onInvalid = () => setTab('general');

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid, onInvalid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(user === null, t)}
      saving={isSubmitting}
    >
      <Can
        perform="user-modal:editProfile"
        yes={() => (
          <Tabs value={tab} onChange={(_, next: DialogTab) => setTab(next)} sx={{ mb: 2 }}>
            <Tab
              value="general"
              label={t('dialog.tabs.general')}
              id={`${tabsId}-general-tab`}
              aria-controls={`${tabsId}-general`}
            />
            <Tab
              value="permissions"
              label={t('dialog.tabs.permissions')}
              id={`${tabsId}-permissions-tab`}
              aria-controls={`${tabsId}-permissions`}
            />
          </Tabs>
        )}
      />
      <Box
        hidden={tab !== 'general'}
        role={access.editProfile ? 'tabpanel' : undefined}
        id={`${tabsId}-general`}
        aria-labelledby={access.editProfile ? `${tabsId}-general-tab` : undefined}
      >
        <GeneralTab
          control={control}
          user={user}
          self={user?.id === currentUser.id}
          twoFactor={currentUser.twoFactor}
          avatarFile={avatarFile}
          onAvatarFile={setAvatarFile}
        />
      </Box>
      {access.editProfile && (
        <Box
          hidden={tab !== 'permissions'}
          role="tabpanel"
          id={`${tabsId}-permissions`}
          aria-labelledby={`${tabsId}-permissions-tab`}
        >
          <PermissionsTab control={control} />
        </Box>
      )}
    </DialogForm>
  );
}

interface GeneralTabProps {
  control: Control<UserFormValues>;
  user: User | null;
  /** Users editing themselves confirm a new e-mail or password with their current one. */
  self: boolean;
  /** The signed-in user's own two-factor state (their profile shows it with the way to change it). */
  twoFactor: boolean;
  avatarFile: File | null;
  onAvatarFile: (file: File | null) => void;
}

function GeneralTab({ control, user, self, twoFactor, avatarFile, onAvatarFile }: GeneralTabProps) {
  const { t } = useTranslation('users');
  const password = usePasswordReveal({ show: t('dialog.showPassword'), hide: t('dialog.hidePassword') });
  const current = usePasswordReveal({ show: t('dialog.showPassword'), hide: t('dialog.hidePassword') });

  return (
    <Stack spacing={2}>
      <AvatarPicker control={control} user={user} file={avatarFile} onFile={onAvatarFile} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="name" label={t('dialog.fields.name')} autoFocus />
        <FormTextField control={control} name="email" label={t('dialog.fields.email')} type="email" />
      </Stack>
      <FormTextField
        control={control}
        name="password"
        label={t('dialog.fields.password')}
        type={password.type}
        autoComplete="new-password"
        helperText={user ? t('dialog.fields.passwordKeep') : undefined}
        slotProps={{ input: { endAdornment: password.toggle } }}
      />
      {self && (
        <FormTextField
          control={control}
          name="currentPassword"
          label={t('dialog.fields.currentPassword')}
          type={current.type}
          autoComplete="current-password"
          helperText={t('dialog.fields.currentPasswordHelp')}
          slotProps={{ input: { endAdornment: current.toggle } }}
        />
      )}
      <Can
        perform="user-modal:editProfile"
        yes={() => (
          <ChoiceSelect
            control={control}
            name="profile"
            label={t('dialog.fields.profile')}
            options={[
              { value: 'admin', label: t('profiles.admin') },
              { value: 'user', label: t('profiles.user') },
            ]}
          />
        )}
      />
      <Can
        perform="user-modal:editQueues"
        yes={() => (
          <>
            <QueuesSelectField control={control} name="queueIds" label={t('dialog.fields.queues')} />
            {/* The connection select comes with the connections module (not built yet). */}
            <Stack direction="row" spacing={2}>
              <TimeInput control={control} name="startWork" label={t('dialog.fields.startWork')} />
              <TimeInput control={control} name="endWork" label={t('dialog.fields.endWork')} />
            </Stack>
          </>
        )}
      />
      <FormTextField
        control={control}
        name="farewellMessage"
        label={t('dialog.fields.farewellMessage')}
        multiline
      />
      {self && <TwoFactorSection enabled={twoFactor} />}
    </Stack>
  );
}

/** The working hours: a time field's label stays up, above the browser's own placeholder. */
function TimeInput({
  control,
  name,
  label,
}: {
  control: Control<UserFormValues>;
  name: 'startWork' | 'endWork';
  label: string;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type="time"
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

type ChoiceField = 'profile' | 'allTicket' | 'defaultTheme' | 'defaultMenu';

function ChoiceSelect({
  control,
  name,
  label,
  options,
}: {
  control: Control<UserFormValues>;
  name: ChoiceField;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <FormTextField control={control} name={name} select label={label}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** Flags with controls of their own. */
const NOT_SWITCHES = ['allTicket', 'allowGroup'] as const;
type EnabledField = Exclude<(typeof USER_PERMISSION_FLAGS)[number], (typeof NOT_SWITCHES)[number]>;

/** The enabled/disabled flags, each a switch. */
const ENABLED_FIELDS = USER_PERMISSION_FLAGS.filter(
  (name): name is EnabledField => !(NOT_SWITCHES as readonly string[]).includes(name),
);

function PermissionsTab({ control }: { control: Control<UserFormValues> }) {
  const { t } = useTranslation('users');
  return (
    <Stack spacing={2}>
      <ChoiceSelect
        control={control}
        name="allTicket"
        label={t('dialog.fields.allTicket')}
        options={[
          { value: 'enable', label: t('dialog.options.enable') },
          { value: 'disable', label: t('dialog.options.disable') },
        ]}
      />
      <FormSwitch control={control} name="allowGroup" label={t('dialog.fields.allowGroup')} />
      {ENABLED_FIELDS.map((name) => (
        <FormSwitch
          key={name}
          control={control}
          name={name}
          label={t(`dialog.fields.${name}`)}
          values={['disabled', 'enabled']}
        />
      ))}
      <Stack direction="row" spacing={2}>
        <ChoiceSelect
          control={control}
          name="defaultTheme"
          label={t('dialog.fields.defaultTheme')}
          options={[
            { value: 'light', label: t('dialog.options.light') },
            { value: 'dark', label: t('dialog.options.dark') },
          ]}
        />
        <ChoiceSelect
          control={control}
          name="defaultMenu"
          label={t('dialog.fields.defaultMenu')}
          options={[
            { value: 'open', label: t('dialog.options.open') },
            { value: 'closed', label: t('dialog.options.closed') },
          ]}
        />
      </Stack>
    </Stack>
  );
}

function AvatarPicker({
  control,
  user,
  file,
  onFile,
}: {
  control: Control<UserFormValues>;
  user: User | null;
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  const { t } = useTranslation('users');
  const name = useWatch({ control, name: 'name' });
  const stored = useUserAvatar(user ?? undefined);
  const preview = useObjectUrl(file);

  // 1-attendance §5: the avatar accepts images only (accept= is a hint; the type is checked too).
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      toast.error(t('dialog.avatar.onlyImages'));
      return;
    }
    onFile(chosen);
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={preview ?? stored ?? undefined}
        alt={t('dialog.avatar.alt', { name })}
        sx={{ width: 64, height: 64 }}
      >
        {initialsOf(name)}
      </Avatar>
      <Button component="label" variant="outlined" size="small">
        {t('dialog.avatar.choose')}
        <input
          hidden
          type="file"
          accept="image/*"
          aria-label={t('dialog.avatar.input')}
          onChange={onChange}
        />
      </Button>
    </Stack>
  );
}

function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
