import { MainContent } from '../../components/ui/main-content';
import { useDocumentTitle } from '../../lib/document-title';
import { useIsSignedIn } from '../../lib/session-hint';
import { DemoSection } from './demo-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { PricingSection } from './pricing-section';
import { TryItSection } from './try-it-section';
import { trackCtaClick, useLandingVisit } from './use-landing-tracking';

/** The public landing at '/' (spec section 2). Every link carries a data-cta id for click tracking. */
export function LandingPage() {
  useDocumentTitle();
  useLandingVisit();
  const signedIn = useIsSignedIn();

  return (
    // Click tracking only listens; the links themselves do the work.
    <div onClick={trackCtaClick} onAuxClick={trackCtaClick} className="flex min-h-dvh flex-col">
      <LandingHeader />
      <MainContent className="flex-1">
        <HeroSection signedIn={signedIn} />
        <TryItSection />
        <FeaturesSection />
        <DemoSection />
        <PricingSection />
        <FaqSection />
      </MainContent>
      <LandingFooter />
    </div>
  );
}
