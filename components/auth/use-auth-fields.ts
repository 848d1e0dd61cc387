import { useState } from "react";
import { SERVER_FAILURE } from "@/lib/client/api";
import { useLazyModule } from "@/lib/client/lazy-module";
import { authFormRules, type FieldErrors } from "./validate";

type Rules = Awaited<ReturnType<typeof authFormRules.load>>;

/**
 * An auth form's typed values and field errors, its checks loaded once the form is up (the
 * sign-in and sign-up form, password reset's two): `field(name)` gives a TextField its name,
 * value, error and an onChange that clears the error as it is typed over; `checked(validate)`
 * runs the form's check before it is sent and says whether it passed (checks that could not load
 * are the form's failure).
 */
export function useAuthFields<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  useLazyModule(authFormRules);
  const clearError = (name: string) => {
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  };
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      clearError(name);
    },
  });
  const checked = async (validate: (rules: Rules) => FieldErrors) => {
    const rules = await authFormRules.load().catch(() => null);
    const found = rules ? validate(rules) : { form: SERVER_FAILURE };
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { values, errors, setErrors, field, clearError, checked };
}
