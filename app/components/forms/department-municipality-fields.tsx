import { useId } from "react";
import { DEPARTMENTS, municipalitiesOf } from "../../../shared/el-salvador";
import { FieldError } from "../ui/field-error";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";

export interface DepartmentMunicipalityFieldsProps {
  department: string;
  municipality: string;
  onDepartmentChange: (department: string) => void;
  onMunicipalityChange: (municipality: string) => void;
  departmentError?: string;
  municipalityError?: string;
  onBlur?: () => void;
  disabled?: boolean;
}

/**
 * Department and municipality pickers (decisions §4): the municipality options follow
 * the chosen department, and changing the department clears a municipality it lacks.
 */
export function DepartmentMunicipalityFields({
  department,
  municipality,
  onDepartmentChange,
  onMunicipalityChange,
  departmentError,
  municipalityError,
  onBlur,
  disabled,
}: DepartmentMunicipalityFieldsProps) {
  const id = useId();
  const municipalities = municipalitiesOf(department);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <Label htmlFor={`${id}-department`}>Departamento</Label>
        <NativeSelect
          id={`${id}-department`}
          className="mt-1"
          value={department}
          disabled={disabled}
          aria-invalid={departmentError ? true : undefined}
          aria-describedby={departmentError ? `${id}-department-error` : undefined}
          onBlur={onBlur}
          onChange={(event) => {
            const next = event.target.value;
            onDepartmentChange(next);
            if (!municipalitiesOf(next).includes(municipality)) onMunicipalityChange("");
          }}
        >
          <option value="">Selecciona un departamento</option>
          {DEPARTMENTS.map((d) => (
            <option key={d.name} value={d.name}>
              {d.name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-department-error`}>{departmentError}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-municipality`}>Municipio</Label>
        <NativeSelect
          id={`${id}-municipality`}
          className="mt-1"
          value={municipality}
          disabled={disabled || municipalities.length === 0}
          aria-invalid={municipalityError ? true : undefined}
          aria-describedby={municipalityError ? `${id}-municipality-error` : undefined}
          onBlur={onBlur}
          onChange={(event) => onMunicipalityChange(event.target.value)}
        >
          <option value="">
            {department ? "Selecciona un municipio" : "Primero elige un departamento"}
          </option>
          {municipalities.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-municipality-error`}>{municipalityError}</FieldError>
      </div>
    </div>
  );
}
