import type { ImgHTMLAttributes } from 'react';
import { useState } from 'react';
import { DEFAULT_PUBLICATION_IMAGE } from './publications';

type PublicationImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
};

/** An image of a publication, replaced by the default image when there is none or when it fails to load. */
export function PublicationImage({ src, alt, ...props }: PublicationImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || failedSrc === src ? DEFAULT_PUBLICATION_IMAGE : src;
  const fail = () => {
    if (src && shown !== DEFAULT_PUBLICATION_IMAGE) setFailedSrc(src);
  };
  return (
    <img
      {...props}
      src={shown}
      alt={alt}
      onError={fail}
      // An image that failed before hydration fired its error event before React listened: check it on mount.
      ref={(image) => {
        if (image?.complete && image.naturalWidth === 0 && image.currentSrc) fail();
      }}
    />
  );
}
