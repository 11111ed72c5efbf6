import { DEPARTMENTS } from "../../../shared/el-salvador";
import { districtLabelsOf } from "../../../shared/places";

/**
 * Issue 36: the 44 municipalities, each followed by its districts, grouped under their
 * department, as a (multiple) select's options; values are the places' labels.
 */
export function PlaceOptions() {
  return DEPARTMENTS.map((d) => (
    <optgroup key={d.name} label={d.name}>
      {d.municipalities.flatMap((m) => [
        <option key={m} value={m}>
          {`${m} (todo el municipio)`}
        </option>,
        ...districtLabelsOf(m).map((label) => (
          <option key={label} value={label}>
            {`\u00a0\u00a0${label}`}
          </option>
        )),
      ])}
    </optgroup>
  ));
}
