/** Saves bytes under a file name through the browser's download (Electron's save in the desktop app). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click starts the download synchronously; the URL is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
