import { IconBrandFacebook, IconBrandInstagram } from '@tabler/icons-react';
import type { SocialNetwork } from '../../config';

export function SocialIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  return network === 'instagram' ? (
    <IconBrandInstagram size={size} aria-hidden />
  ) : (
    <IconBrandFacebook size={size} aria-hidden />
  );
}
