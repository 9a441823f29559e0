import { ApiError, NETWORK_ERROR_MESSAGE, parseJson } from './api-client';

export type UploadedImage = { url: string; thumbnailUrl: string };
export type ImagePurpose = 'profile' | 'publication';

/**
 * Uploads an image to POST /api/media. XMLHttpRequest rather than fetch: only it reports upload progress, which
 * `onProgress` receives as a percentage (0–100). Rejects with ApiError.
 */
export function uploadImage(
  file: File,
  purpose: ImagePurpose,
  onProgress: (percent: number) => void,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // Before the file: a streaming multipart reader only sees the fields that come ahead of it.
    form.append('purpose', purpose);
    form.append('file', file, file.name);

    const request = new XMLHttpRequest();
    request.open('POST', '/api/media');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300 && typeof body === 'object' && body !== null) {
        onProgress(100);
        resolve(body as UploadedImage);
      } else {
        reject(ApiError.fromBody(request.status, body));
      }
    });
    request.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE)));
    request.addEventListener('abort', () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE)));
    request.send(form);
  });
}
