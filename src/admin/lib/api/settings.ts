import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  ConnectionReport,
  SettingView,
  SettingsResponse,
} from "../../../types/admin-responses"
import { sdk } from "./client"

/** Settings → Piastrix: the options in force, the operational settings and the connection test. */

const settingsKey = ["piastrix", "settings"] as const

export const useSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: () =>
      sdk.client.fetch<SettingsResponse>("/admin/piastrix/settings"),
  })

/** Changes operational settings (null: back to the default); the page reads them again. */
export const useSaveSettings = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      sdk.client.fetch<{ settings: SettingView[] }>(
        "/admin/piastrix/settings",
        { method: "POST", body: { settings } }
      ),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKey }),
  })
}

export const useConnectionTest = () =>
  useMutation({
    mutationFn: (body: { shop_id?: number; secret_key?: string }) =>
      sdk.client.fetch<ConnectionReport>("/admin/piastrix/connection-test", {
        method: "POST",
        body,
      }),
  })
