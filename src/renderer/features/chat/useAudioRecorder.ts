import { useCallback, useEffect, useRef, useState } from 'react';
import { useBridge } from '../../bridge/context';
import type { Mp3Request } from './mp3.worker';
import { RECORDING_KBPS } from './recording';

type RecorderState = 'idle' | 'recording' | 'encoding';

/** The recording as mono samples, averaged over the channels the microphone gave. */
function monoSamples(buffer: AudioBuffer): Float32Array {
  const mono = new Float32Array(buffer.length);
  for (let channel = 0; channel < buffer.numberOfChannels; channel++) {
    const data = buffer.getChannelData(channel);
    for (let i = 0; i < data.length; i++) mono[i] += data[i] / buffer.numberOfChannels;
  }
  return mono;
}

/** Encodes the recorded audio to MP3 in a Web Worker (1-attendance §9: mp3 at 128 kbit/s). */
async function encodeToMp3(recorded: Blob): Promise<Blob> {
  const context = new AudioContext();
  try {
    const buffer = await context.decodeAudioData(await recorded.arrayBuffer());
    const request: Mp3Request = {
      samples: monoSamples(buffer),
      sampleRate: buffer.sampleRate,
      kbps: RECORDING_KBPS,
    };
    const worker = new Worker(new URL('./mp3.worker.ts', import.meta.url), { type: 'module' });
    try {
      return await new Promise<Blob>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<Blob>) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage(request, [request.samples.buffer as ArrayBuffer]);
      });
    } finally {
      worker.terminate();
    }
  } finally {
    void context.close();
  }
}

/**
 * 1-attendance §4 audio recording: idle → recording → sent (`finish` answers the MP3) or cancelled.
 * The microphone is released as soon as the recording ends, whichever way. The desktop is told while one
 * is under way (recording or encoding), so an update never installs in its middle.
 */
export function useAudioRecorder() {
  const bridge = useBridge();
  const [state, setState] = useState<RecorderState>('idle');
  const busy = state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    void bridge.app.setRecording(true).catch(() => undefined);
    return () => void bridge.app.setRecording(false).catch(() => undefined);
  }, [bridge, busy]);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const release = useCallback(() => {
    clearInterval(timer.current);
    const current = recorder.current;
    recorder.current = null;
    if (current && current.state !== 'inactive') current.stop();
    for (const track of current?.stream.getTracks() ?? []) track.stop();
  }, []);

  useEffect(() => release, [release]);

  const start = async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const media = new MediaRecorder(stream);
    chunks.current = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    media.start();
    recorder.current = media;
    setSeconds(0);
    timer.current = setInterval(() => setSeconds((s) => s + 1), 1000);
    setState('recording');
  };

  const cancel = () => {
    release();
    chunks.current = [];
    setState('idle');
  };

  /** Stops and answers the MP3 of what was recorded. */
  const finish = async (): Promise<Blob> => {
    const media = recorder.current;
    if (!media) throw new Error('Not recording');
    setState('encoding');
    const stopped = new Promise<void>((resolve) => {
      media.onstop = () => resolve();
    });
    release();
    await stopped;
    try {
      return await encodeToMp3(new Blob(chunks.current, { type: media.mimeType }));
    } finally {
      chunks.current = [];
      setState('idle');
    }
  };

  return { state, seconds, start, cancel, finish };
}
