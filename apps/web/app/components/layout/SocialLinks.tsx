import { SOCIAL_LINKS } from '../../config';
import controls from './controls.module.css';
import classes from './Footer.module.css';
import { SocialIcon } from './SocialIcon';

/** Icon links to the social networks (footer). */
export function SocialLinks() {
  return (
    <div className={classes.group}>
      {SOCIAL_LINKS.map((link) => (
        <a
          key={link.key}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${controls.base} ${controls.pressable} ${controls.colored} ${controls.icon} ${controls.subtle}`}
          aria-label={link.label}
        >
          <SocialIcon network={link.key} size={22} />
        </a>
      ))}
    </div>
  );
}
