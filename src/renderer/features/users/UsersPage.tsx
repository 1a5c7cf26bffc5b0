import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../shared/api/users';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import NoPermission from '../../ui/NoPermission';
import { SearchField } from '../../ui/SearchField';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { toast, toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useLoadMoreNearBottom } from '../../ui/useLoadMoreNearBottom';
import { UserDialog } from './UserDialog';
import { useDeleteUser, useUsersList, useUsersRealtime } from './useUsers';

const COLUMNS = 6;

/** Route /users (1-attendance §2): admins manage users; profile `user` sees the no-permission view. */
export default function UsersPage() {
  const currentUser = useCurrentUser();
  return isAdmin(currentUser) ? <UsersScreen /> : <NoPermission />;
}

function UsersScreen() {
  const { t } = useTranslation('users');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; userId: number | null }>({
    open: false,
    userId: null,
  });
  const [toDelete, setToDelete] = useState<User | null>(null);
  const list = useUsersList(searchParam);
  const deleteUser = useDeleteUser();
  const scroller = useRef<HTMLDivElement>(null);
  useUsersRealtime();

  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const loadMoreIfNearBottom = useLoadMoreNearBottom(scroller, list, users.length);

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  const confirmDelete = async () => {
    const user = toDelete;
    setToDelete(null);
    if (!user) return;
    try {
      await deleteUser.mutateAsync(user.id);
      toast.success(t('deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('page.title')}
        </Typography>
        <SearchField label={t('page.search')} value={search} onChange={setSearch} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ open: true, userId: null })}
        >
          {t('page.add')}
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <TableContainer ref={scroller} onScroll={loadMoreIfNearBottom} sx={{ flex: 1, minHeight: 0 }}>
          <Table stickyHeader size="small" aria-label={t('page.title')} aria-busy={list.isPending}>
            <TableHead>
              <TableRow>
                <TableCell>{t('table.name')}</TableCell>
                <TableCell>{t('table.email')}</TableCell>
                <TableCell>{t('table.profile')}</TableCell>
                <TableCell>{t('table.queues')}</TableCell>
                <TableCell>{t('table.status')}</TableCell>
                <TableCell align="right">{t('table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <SkeletonRows label={t('page.loading')} columns={COLUMNS} />
              ) : (
                users.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    onEdit={() => setDialog({ open: true, userId: user.id })}
                    onDelete={() => setToDelete(user)}
                  />
                ))
              )}
            </TableBody>
          </Table>
          {!list.isPending && users.length === 0 && (
            <EmptyState title={t('page.empty.title')} message={t('page.empty.message')} />
          )}
        </TableContainer>
        {list.isFetchingNextPage && <LinearProgress aria-label={t('page.loading')} />}
      </Paper>

      <UserDialog
        open={dialog.open}
        userId={dialog.userId}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('confirmDelete.title')}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
}

function UserRow({ user, onEdit, onDelete }: { user: User; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('users');
  const theme = useTheme();
  const status = user.online ? t('table.online') : t('table.offline');
  return (
    <TableRow hover>
      <TableCell>{user.name}</TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>{t(`profiles.${user.profile}`)}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {user.queues.map((queue) => (
            <Chip
              key={queue.id}
              size="small"
              label={queue.name}
              sx={{ bgcolor: queue.color, color: contrastText(theme.palette.getContrastText, queue.color) }}
            />
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
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('table.edit', { name: user.name })}>
          <IconButton size="small" aria-label={t('table.edit', { name: user.name })} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('table.delete', { name: user.name })}>
          <IconButton size="small" aria-label={t('table.delete', { name: user.name })} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

/** Queue colours are user input: an unparsable one falls back to the default chip text colour. */
function contrastText(getContrastText: (color: string) => string, color: string): string | undefined {
  try {
    return getContrastText(color);
  } catch {
    return undefined;
  }
}
