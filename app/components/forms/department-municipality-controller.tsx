import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { DepartmentMunicipalityFields } from "./department-municipality-fields";

type Location = {
  department?: string | null;
  municipality?: string | null;
  district?: string | null;
};

/**
 * DepartmentMunicipalityFields bound to a form's `department`, `municipality` and (issue 36)
 * `district` fields.
 */
export function DepartmentMunicipalityController<T extends FieldValues & Location, TOut = T>({
  control,
  departmentError,
  municipalityError,
  districtError,
}: {
  control: Control<T, unknown, TOut>;
  departmentError?: string;
  municipalityError?: string;
  districtError?: string;
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
            <Controller
              control={control}
              name={"district" as FieldPath<T>}
              render={({ field: district }) => (
                <DepartmentMunicipalityFields
                  department={(department.value as string | undefined) ?? ""}
                  municipality={(municipality.value as string | undefined) ?? ""}
                  district={(district.value as string | null | undefined) ?? ""}
                  onDepartmentChange={(value) =>
                    department.onChange(value === "" ? undefined : value)
                  }
                  onMunicipalityChange={municipality.onChange}
                  onDistrictChange={district.onChange}
                  onBlur={department.onBlur}
                  departmentError={departmentError}
                  municipalityError={municipalityError}
                  districtError={districtError}
                />
              )}
            />
          )}
        />
      )}
    />
  );
}
