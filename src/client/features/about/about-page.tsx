import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { CategoryTiles } from "../../components/category-tiles.tsx";
import { FeatureTiles } from "../../components/feature-tiles.tsx";

/** About (product rules §2): who we are, the feature tiles and the category tiles. */
export function AboutPage() {
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-8">
      <section className="rounded-3xl bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-12 text-white sm:px-12">
        <h1 className="text-3xl font-extrabold sm:text-4xl">
          <Trans>About Veggie Cart</Trans>
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-white/90">
          <Trans>
            Veggie Cart connects shoppers with the farmers who grow their food. Farmers list their own
            vegetables, fruits, dairy and grains; shoppers buy them fresh, without a middleman in between.
          </Trans>
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/shop"
            className="rounded-xl bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50"
          >
            <Trans>Browse the shop</Trans>
          </Link>
          <Link
            to="/contact"
            className="rounded-xl px-5 py-3 font-semibold text-white ring-1 ring-white hover:bg-white/10"
          >
            <Trans>Contact a farmer</Trans>
          </Link>
        </div>
      </section>
      <section aria-labelledby="about-features">
        <h2 id="about-features" className="mb-5 text-2xl font-bold text-stone-900">
          <Trans>Why shop with us</Trans>
        </h2>
        <FeatureTiles headingLevel={3} />
      </section>
      <section aria-labelledby="about-categories">
        <h2 id="about-categories" className="mb-5 text-2xl font-bold text-stone-900">
          <Trans>What we sell</Trans>
        </h2>
        <CategoryTiles />
      </section>
    </div>
  );
}
