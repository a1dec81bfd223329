import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-3 text-stone-600">There is nothing at this address.</p>
      <Link to="/dashboard" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
        Back to the dashboard
      </Link>
    </section>
  );
}
