import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/store';

export type LogoImage = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * A logo's image (`path`, served only with the bearer token): fetched as a blob and shown through an object URL,
 * since an <img src> cannot send the token. The URL is revoked when the path changes or the component leaves.
 */
export function useLogoImage(path: string): LogoImage {
  const token = useAppSelector((state) => state.session.token);
  const [image, setImage] = useState<LogoImage>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setImage({ status: 'loading' });
    fetch(path, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        url = URL.createObjectURL(await response.blob());
        if (controller.signal.aborted) URL.revokeObjectURL(url);
        else setImage({ status: 'ready', url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setImage({ status: 'failed' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, token]);

  return image;
}
