import Campaign from '@mui/icons-material/CampaignOutlined';
import Circle from '@mui/icons-material/Circle';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '../../../shared/api/announcements';
import { PopoverButton } from '../../ui/PopoverButton';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { priorityColor } from './priority';
import { useActiveAnnouncements, useAnnouncementImage, useAnnouncementsRealtime } from './useAnnouncements';

/**
 * 1-attendance §2 announcements bell, in the top bar for every user: the active announcements, the count
 * on the badge, each marked with its priority's colour; choosing one opens the viewer. It hosts the
 * announcements' realtime subscription, since the top bar is on screen for the whole session.
 */
export function AnnouncementsBell() {
  const { t } = useTranslation('announcements');
  const active = useActiveAnnouncements();
  const [viewing, setViewing] = useState<Announcement | null>(null);
  useAnnouncementsRealtime();
  const announcements = active.data ?? [];

  return (
    <>
      <PopoverButton
        label={t('bell.label')}
        icon={
          <Badge badgeContent={announcements.length} color="error" max={99}>
            <Campaign />
          </Badge>
        }
        align="right"
      >
        {(close) => (
          <List
            dense
            aria-label={t('bell.title')}
            sx={{ width: { xs: 300, sm: 340 }, maxHeight: 420, overflowY: 'auto' }}
            subheader={<ListSubheader>{t('bell.title')}</ListSubheader>}
          >
            {announcements.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
                {t('bell.empty')}
              </Typography>
            )}
            {announcements.map((announcement) => (
              <ListItemButton
                key={announcement.id}
                onClick={() => {
                  close();
                  setViewing(announcement);
                }}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <Circle
                    fontSize="small"
                    titleAccess={t(`priority.${announcement.priority}`)}
                    sx={(theme) => ({ color: priorityColor(announcement.priority, theme) })}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={announcement.title}
                  secondary={announcement.text}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </PopoverButton>
      {viewing && <AnnouncementViewer announcement={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/** 1-attendance §2 announcement viewer: title, the image when there is one, the text, Close. */
function AnnouncementViewer({ announcement, onClose }: { announcement: Announcement; onClose(): void }) {
  const { t } = useTranslation('announcements');
  const titleId = useId();
  const image = useAnnouncementImage(announcement);
  const src = useObjectUrl(image.data ?? null);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{announcement.title}</DialogTitle>
      <DialogContent>
        {src && (
          <Box
            component="img"
            src={src}
            alt={t('viewer.image')}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 360, mx: 'auto', mb: 2 }}
          />
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{announcement.text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('viewer.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
