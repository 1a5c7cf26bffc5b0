import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogSubmitActions } from '../../ui/DialogSubmitActions';
import { TitledDialog } from '../../ui/TitledDialog';

interface CameraDialogProps {
  onClose(): void;
  /** The photo, as a JPEG file, for the media preview. */
  onCapture(file: File): void;
}

/** 1-attendance §2 camera capture: the camera's picture, taken as a photo to send. */
export function CameraDialog({ onClose, onCapture }: CameraDialogProps) {
  const { t } = useTranslation('chat');
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: true })
      .then((media) => {
        if (cancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        if (video.current) video.current.srcObject = media;
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const capture = () => {
    const element = video.current;
    if (!element) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(new File([blob], `camera-${Date.now()}.jpg`, { type: 'image/jpeg' }));
      },
      'image/jpeg',
      0.9,
    );
  };

  return (
    <TitledDialog open title={t('camera.title')} onClose={onClose} maxWidth="sm">
      <DialogContent dividers>
        {failed ? (
          <Alert severity="error">{t('camera.unavailable')}</Alert>
        ) : (
          <Box
            component="video"
            ref={video}
            autoPlay
            playsInline
            muted
            aria-label={t('camera.preview')}
            sx={{ width: '100%', bgcolor: 'black', borderRadius: 1 }}
          />
        )}
      </DialogContent>
      <DialogSubmitActions
        submitLabel={t('camera.capture')}
        onCancel={onClose}
        onSubmit={capture}
        disabled={!ready}
        startIcon={<PhotoCamera />}
      />
    </TitledDialog>
  );
}
