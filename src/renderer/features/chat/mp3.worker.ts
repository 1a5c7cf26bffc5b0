import { encodeMp3 } from './mp3-encode';

export interface Mp3Request {
  samples: Float32Array;
  sampleRate: number;
  kbps: number;
}

// The project's TypeScript library is the DOM's; a dedicated worker's scope is this much of it.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Mp3Request>) => void) | null;
  postMessage(message: Blob): void;
};

/** Encodes off the main thread so a long recording never freezes the chat. */
scope.onmessage = ({ data }) => {
  const chunks = encodeMp3(data.samples, data.sampleRate, data.kbps);
  scope.postMessage(new Blob(chunks as BlobPart[], { type: 'audio/mpeg' }));
};
