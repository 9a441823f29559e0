import { FLAG_KEYS, flagUrl } from '@eco/domain/catalog/countries';
import type { FlagKey } from '@eco/domain/catalog/countries';
import classes from './CountryFlag.module.css';

function isFlagKey(key: string): key is FlagKey {
  return (FLAG_KEYS as readonly string[]).includes(key);
}

/** The flag of a country (decorative: the country's name is always next to it). */
export function CountryFlag({ countryKey }: { countryKey: string | null | undefined }) {
  if (!countryKey || !isFlagKey(countryKey)) return null;
  return <img src={flagUrl(countryKey)} alt="" width={24} height={16} className={classes.flag} />;
}
