/**
 * File downloads through RTK Query (the bearer token goes with the call like any other): the response becomes an
 * object URL plus the server's file name, which is serializable and so fits the store; `saveFile` then hands it
 * to the browser.
 *
 *   download: build.mutation<DownloadedFile, Params>({
 *     query: (params) => ({ url: 'stamp/download', params, responseHandler: fileResponse('stamps.csv') }),
 *   }),
 *   …
 *   saveFile(await download(params).unwrap());
 */
export interface DownloadedFile {
  url: string;
  filename: string;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** A fetchBaseQuery `responseHandler`: the file on success; the error body (JSON or text) otherwise. */
export const fileResponse =
  (fallbackName: string) =>
  async (response: Response): Promise<DownloadedFile | unknown> => {
    if (!response.ok) {
      const text = await response.text();
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
    const blob = await response.blob();
    return {
      url: URL.createObjectURL(blob),
      filename: dispositionFilename(response.headers.get('content-disposition')) ?? fallbackName,
    };
  };

/** Saves a downloaded file under its name, then frees its object URL. */
export function saveFile({ url, filename }: DownloadedFile): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
