import LockResetIcon from '@mui/icons-material/LockReset';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../shared/api/users';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ColorChip } from '../../ui/ColorChip';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPage } from '../../ui/ListPage';
import { EditDeleteCell, ListTable, RowAction } from '../../ui/ListTable';
import NoPermission from '../../ui/NoPermission';
import { toast, toastError } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useTwoFactorActions } from '../two-factor/useTwoFactor';
import { UserDialog } from './UserDialog';
import { useDeleteUser, useUsersList, useUsersRealtime } from './useUsers';

/** Route /users (1-attendance §2): admins manage users; profile `user` sees the no-permission view. */
export default function UsersPage() {
  const currentUser = useCurrentUser();
  return isAdmin(currentUser) ? <UsersScreen /> : <NoPermission />;
}

function UsersScreen() {
  const { t } = useTranslation(['users', 'twoFactor']);
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; userId: number | null }>({
    open: false,
    userId: null,
  });
  const list = useUsersList(searchParam);
  const twoFactor = useTwoFactorActions();
  const [resetting, setResetting] = useState<User | null>(null);
  const deleteUser = useDeleteUser();
  const removal = useConfirmDelete({
    remove: (user: User) => deleteUser.mutateAsync(user.id),
    title: () => t('confirmDelete.title'),
    message: t('confirmDelete.message'),
    deleted: t('deleted'),
  });
  useUsersRealtime();

  const users = list.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <ListPage
      title={t('page.title')}
      search={{ label: t('page.search'), value: search, onChange: setSearch }}
      addLabel={t('page.add')}
      onAdd={() => setDialog({ open: true, userId: null })}
    >
      <ListTable
        label={t('page.title')}
        loadingLabel={t('page.loading')}
        columns={[
          { label: t('table.name') },
          { label: t('table.email') },
          { label: t('table.profile') },
          { label: t('table.queues') },
          { label: t('table.status') },
          { label: t('table.actions'), align: 'right' },
        ]}
        list={list}
        rowCount={users.length}
        empty={{ title: t('page.empty.title'), message: t('page.empty.message') }}
      >
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            onEdit={() => setDialog({ open: true, userId: user.id })}
            onDelete={() => removal.ask(user)}
            onResetTwoFactor={() => setResetting(user)}
          />
        ))}
      </ListTable>

      <UserDialog
        open={dialog.open}
        userId={dialog.userId}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {removal.dialog}
      <ConfirmDialog
        open={resetting !== null}
        title={t('twoFactor:reset.title', { name: resetting?.name ?? '' })}
        onClose={() => setResetting(null)}
        onConfirm={() => {
          if (!resetting) return;
          twoFactor
            .reset(resetting.id)
            .then(() => toast.success(t('twoFactor:reset.done')))
            .catch(toastError);
        }}
      >
        {t('twoFactor:reset.message')}
      </ConfirmDialog>
    </ListPage>
  );
}

interface UserRowProps {
  user: User;
  onEdit(): void;
  onDelete(): void;
  /** Ends the user's two-factor enrolment (offered while they have one). */
  onResetTwoFactor(): void;
}

function UserRow({ user, onEdit, onDelete, onResetTwoFactor }: UserRowProps) {
  const { t } = useTranslation(['users', 'twoFactor']);
  const status = user.online ? t('table.online') : t('table.offline');
  return (
    <TableRow hover>
      <TableCell>{user.name}</TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>{t(`profiles.${user.profile}`)}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {user.queues.map((queue) => (
            <ColorChip key={queue.id} size="small" label={queue.name} color={queue.color} />
          ))}
        </Box>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={user.online ? 'success' : 'default'}
          label={status}
          icon={
            <Box
              component="span"
              sx={{
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: user.online ? 'success.main' : 'grey.400',
              }}
            />
          }
        />
      </TableCell>
      <EditDeleteCell
        editLabel={t('table.edit', { name: user.name })}
        deleteLabel={t('table.delete', { name: user.name })}
        onEdit={onEdit}
        onDelete={onDelete}
      >
        {user.twoFactor && (
          <RowAction
            label={t('twoFactor:reset.action', { name: user.name })}
            icon={<LockResetIcon fontSize="small" />}
            onClick={onResetTwoFactor}
          />
        )}
      </EditDeleteCell>
    </TableRow>
  );
}
