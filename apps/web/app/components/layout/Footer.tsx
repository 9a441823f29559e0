import { APP_NAME, APP_SLOGAN } from '@eco/domain/constants';
import { STUDIO_NAME } from '../../config';
import classes from './Footer.module.css';
import { FooterActions } from './FooterActions';
import { SocialLinks } from './SocialLinks';

export function Footer() {
  return (
    // Inside the layout's <main>, so the landmark role is explicit.
    <footer className={classes.footer} role="contentinfo">
      <div className={classes.row}>
        <div>
          <p className={`${classes.text} ${classes.name}`}>
            {APP_NAME}: {APP_SLOGAN.toLowerCase()}
          </p>
          <p className={`${classes.text} ${classes.credit}`}>Desarrollado por {STUDIO_NAME}</p>
        </div>
        <div className={classes.group}>
          <FooterActions />
          <SocialLinks />
        </div>
      </div>
    </footer>
  );
}
