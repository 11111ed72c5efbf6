import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  PersonalDataCountsDto,
  PersonalDataRequestDto,
} from "../../shared/contracts/personal-data";
import { invalidateLists, type ListParams, useListPage } from "./back-office-api";
import { apiRequest, apiResponse } from "./api";

/** The admin's 'Datos personales' (issue 37): export, erase, and the log of both. */
export const PERSONAL_DATA_KEYS = {
  data: "/api/admin/personal-data",
  requests: "/api/admin/personal-data/requests",
} as const;

export type { PersonalDataCountsDto, PersonalDataRequestDto };

/** What the administrator searched by: the field's name on the API, and what was typed. */
export interface PersonalDataSearch {
  kind: "email" | "phone";
  value: string;
}

export const usePersonalDataRequests = (params: ListParams = {}) =>
  useListPage<PersonalDataRequestDto>(PERSONAL_DATA_KEYS.requests, params);

/** The file name the server gave (Content-Disposition), else a plain one. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? "datos-personales.json";
}

/** 'Exportar (JSON)': the export downloaded as the file the server names; the log reloads. */
export function useExportPersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (search: PersonalDataSearch) => {
      const query = new URLSearchParams({ [search.kind]: search.value });
      const response = await apiResponse("GET", `${PERSONAL_DATA_KEYS.data}?${query}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      return link.download;
    },
    onSettled: () => invalidateLists(queryClient, [PERSONAL_DATA_KEYS.requests]),
  });
}

/** 'Eliminar datos': the counts of what changed; the log reloads. */
export function useErasePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: PersonalDataSearch) =>
      apiRequest<PersonalDataCountsDto>("POST", `${PERSONAL_DATA_KEYS.data}/erase`, {
        [search.kind]: search.value,
      }),
    onSettled: () => invalidateLists(queryClient, [PERSONAL_DATA_KEYS.requests]),
  });
}
