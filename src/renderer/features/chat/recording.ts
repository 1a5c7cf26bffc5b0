/** 1-attendance §9: recordings are mp3 at 128 kbit/s; shorter than 10000 bytes they are discarded. */
export const RECORDING_KBPS = 128;
const MIN_RECORDING_BYTES = 10_000;

export const keepsRecording = (bytes: number) => bytes >= MIN_RECORDING_BYTES;

/** The recording's file name: WhatsApp takes it as mp3, the other channels as m4a (1-attendance §9). */
export const recordingFileName = (channel: string) => (channel === 'whatsapp' ? 'audio.mp3' : 'audio.m4a');
