import { Link, type LinkProps } from 'react-router';
import { useLanguage } from '../app/language.tsx';

type LocalizedLinkProps = Omit<LinkProps, 'to'> & {
  /** An app path without language prefix, e.g. '/explore' or '/results?type=hotels'. */
  to: string;
};

/** A Link to the given page in the current language. */
export function LocalizedLink({ to, ...props }: LocalizedLinkProps) {
  const { localize } = useLanguage();
  return <Link to={localize(to)} {...props} />;
}
