import { DEPARTMENTS } from "../../../shared/el-salvador";

/** El Salvador's 262 municipalities, grouped under their department, as a select's options. */
export function MunicipalityOptions() {
  return DEPARTMENTS.map((d) => (
    <optgroup key={d.name} label={d.name}>
      {d.municipalities.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </optgroup>
  ));
}
