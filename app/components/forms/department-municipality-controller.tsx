import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { DepartmentMunicipalityFields } from "./department-municipality-fields";

type Location = { department?: string | null; municipality?: string | null };

/** DepartmentMunicipalityFields bound to a form's `department` and `municipality` fields. */
export function DepartmentMunicipalityController<T extends FieldValues & Location, TOut = T>({
  control,
  departmentError,
  municipalityError,
}: {
  control: Control<T, unknown, TOut>;
  departmentError?: string;
  municipalityError?: string;
}) {
  return (
    <Controller
      control={control}
      name={"department" as FieldPath<T>}
      render={({ field: department }) => (
        <Controller
          control={control}
          name={"municipality" as FieldPath<T>}
          render={({ field: municipality }) => (
            <DepartmentMunicipalityFields
              department={(department.value as string | undefined) ?? ""}
              municipality={(municipality.value as string | undefined) ?? ""}
              onDepartmentChange={(value) => department.onChange(value === "" ? undefined : value)}
              onMunicipalityChange={municipality.onChange}
              onBlur={department.onBlur}
              departmentError={departmentError}
              municipalityError={municipalityError}
            />
          )}
        />
      )}
    />
  );
}
