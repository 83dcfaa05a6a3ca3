/**
 * Saves a blob as a download named `fileName` (an object URL clicked through a temporary link,
 * revoked a moment later). The one way the web app hands the user a file: CSV and PNG exports, the
 * measurement's JSON, the report PDFs.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
