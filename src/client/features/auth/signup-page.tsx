import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { AUTH_TOAST_MS, PASSWORD_MIN_LENGTH, REDIRECT_AFTER_AUTH_MS } from "../../../shared/constants.ts";
import { messages } from "../../../shared/messages.ts";
import { SignupSchema } from "../../../shared/schemas/auth.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { fieldErrors } from "../../lib/form-errors.ts";
import { AuthCard } from "./auth-card.tsx";
import { useSignup } from "./signup.api.ts";

export function SignupPage() {
  const [values, setValues] = useState({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [redirecting, setRedirecting] = useState(false);
  const signupMutation = useSignup();
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = SignupSchema.safeParse(values);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      setErrors(fields);
      const missing = !values.name.trim() || !values.email.trim() || !values.password;
      toast.error(missing ? messages.signUpRequired : Object.values(fields)[0], { autoClose: AUTH_TOAST_MS });
      return;
    }
    setErrors({});
    try {
      await signupMutation.mutateAsync(values);
      toast.success(messages.signUpSuccess, { autoClose: AUTH_TOAST_MS });
      setRedirecting(true);
      setTimeout(() => navigate("/login", { replace: true }), REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      toast.error(error instanceof Error ? error.message : String(error), { autoClose: AUTH_TOAST_MS });
    }
  }

  const update = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  return (
    <AuthCard title="Create your account" subtitle="Join Veggie Cart today">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={update("name")}
        />
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={update("email")}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={values.password}
          error={errors.password}
          onChange={update("password")}
        />
        <Button type="submit" className="w-full" disabled={signupMutation.isPending || redirecting}>
          Create account
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
