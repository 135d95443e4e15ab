import { createContext, useContext, type AnchorHTMLAttributes, type ReactElement } from 'react';

export type LandingLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

type RenderLink = (props: LandingLinkProps) => ReactElement;

/** A plain link: the browser loads the next page itself (the landing's first visit, app/landing-island.tsx). */
const documentLink: RenderLink = ({ to, ...rest }) => <a href={to} {...rest} />;

const LinkRenderer = createContext<RenderLink>(documentLink);

/**
 * How the landing's links move on. On a first visit the landing runs without the router (issue 21, decision 021: the
 * router is a third of the app's first script), so its links are plain ones that load the next page, itself
 * pre-rendered. Inside the app (a visitor who came back to '/' from another page) the route provides the router's
 * link. Both render the same `<a href>`.
 */
export const LandingLinkProvider = LinkRenderer.Provider;

export function LandingLink(props: LandingLinkProps) {
  return useContext(LinkRenderer)(props);
}
