import type { ComponentProps } from "react";
import { FormField } from "./form-field";
import { Input } from "../ui/input";

const SOCIAL_INPUTS = {
  facebook: { label: "Facebook", placeholder: "mitienda" },
  instagram: { label: "Instagram", placeholder: "@mitienda" },
  tiktok: { label: "TikTok", placeholder: "@mitienda" },
  linkedin: { label: "LinkedIn", placeholder: "mitienda" },
} as const;

export type SocialNetwork = keyof typeof SOCIAL_INPUTS;

/** The social profile inputs of a merchant form, in the order given; the caller wraps them. */
export function SocialFields<N extends SocialNetwork>({
  networks,
  id,
  error,
  inputProps,
}: {
  networks: readonly N[];
  /** Prefix of the inputs' ids: `${id}-facebook`… */
  id: string;
  error: (network: N) => string | undefined;
  /** The form's props for the input (a11y and register). */
  inputProps: (network: N) => ComponentProps<typeof Input>;
}) {
  return networks.map((network) => (
    <FormField
      key={network}
      id={`${id}-${network}`}
      label={SOCIAL_INPUTS[network].label}
      error={error(network)}
    >
      <Input
        placeholder={SOCIAL_INPUTS[network].placeholder}
        autoComplete="off"
        {...inputProps(network)}
      />
    </FormField>
  ));
}
