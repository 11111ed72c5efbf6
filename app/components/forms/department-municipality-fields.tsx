import { useId } from "react";
import { districtsOf } from "../../../shared/districts";
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
  /** Issue 36: with these, a third select for the municipality's district (optional). */
  district?: string;
  onDistrictChange?: (district: string) => void;
  districtError?: string;
  onBlur?: () => void;
  disabled?: boolean;
}

/**
 * Department, municipality and (issue 36, when asked for) district pickers (decisions §4):
 * each one's options follow the choice above it, and changing a choice clears what it lacks.
 */
export function DepartmentMunicipalityFields({
  department,
  municipality,
  onDepartmentChange,
  onMunicipalityChange,
  departmentError,
  municipalityError,
  district,
  onDistrictChange,
  districtError,
  onBlur,
  disabled,
}: DepartmentMunicipalityFieldsProps) {
  const id = useId();
  const municipalities = municipalitiesOf(department);
  const districts = districtsOf(municipality);
  const chooseMunicipality = (next: string) => {
    onMunicipalityChange(next);
    if (onDistrictChange && district && !districtsOf(next).includes(district)) onDistrictChange("");
  };
  return (
    <div className={onDistrictChange ? "grid gap-4 sm:grid-cols-3" : "grid gap-4 sm:grid-cols-2"}>
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
            if (!municipalitiesOf(next).includes(municipality)) chooseMunicipality("");
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
          onChange={(event) => chooseMunicipality(event.target.value)}
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
      {onDistrictChange && (
        <div>
          <Label htmlFor={`${id}-district`}>Distrito (opcional)</Label>
          <NativeSelect
            id={`${id}-district`}
            className="mt-1"
            value={district ?? ""}
            disabled={disabled || districts.length === 0}
            aria-invalid={districtError ? true : undefined}
            aria-describedby={districtError ? `${id}-district-error` : undefined}
            onBlur={onBlur}
            onChange={(event) => onDistrictChange(event.target.value)}
          >
            <option value="">{municipality ? "Sin indicar" : "Primero elige un municipio"}</option>
            {districts.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id}-district-error`}>{districtError}</FieldError>
        </div>
      )}
    </div>
  );
}
