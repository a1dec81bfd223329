/** A page whose screen is still to be built: it says so plainly. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-stone-600">This page is coming soon.</p>
    </section>
  );
}
