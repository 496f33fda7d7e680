import { API_BASE } from '../app/api';

export interface UploadAnswer<T> {
  status: number;
  body: T | { message?: string; details?: { field: string; message: string }[] } | null;
}

/**
 * POSTs one file as multipart/form-data to an API path with the session's token, telling how much of it was sent
 * (fetch cannot: XMLHttpRequest's upload events can). Resolves with the status and the JSON answer; status 0 when
 * the server could not be reached.
 */
export function uploadWithProgress<T>(
  path: string,
  token: string | null,
  field: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
): Promise<UploadAnswer<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/${path}`);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      let body: UploadAnswer<T>['body'];
      try {
        body = JSON.parse(request.responseText) as UploadAnswer<T>['body'];
      } catch {
        body = null; // not JSON (a proxy's error page)
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => resolve({ status: 0, body: null });
    const form = new FormData();
    form.append(field, file, file.name);
    request.send(form);
  });
}
