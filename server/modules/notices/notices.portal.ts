import type { UserDto } from "../../../shared/api-types";
import type { MerchantActivityService } from "../merchant-activity/merchant-activity.service";
import type { MerchantPortalService } from "../merchant-portal/merchant-portal.service";
import type { NoticesService } from "./notices.service";

/**
 * The portal's 'Avisos' (issue 35) for the signed-in merchant user: each call answers 404
 * first unless the user manages the merchant, and a change of settings is audited in its
 * own transaction like every portal change.
 */
export function createPortalNotices(deps: {
  portal: Pick<MerchantPortalService, "requireManaged">;
  notices: NoticesService;
  activity: Pick<MerchantActivityService, "audit">;
}) {
  const { portal, notices, activity } = deps;
  return {
    async settings(user: UserDto, merchantId: number) {
      await portal.requireManaged(user, merchantId);
      return notices.settings(merchantId);
    },

    async updateSettings(user: UserDto, merchantId: number, input: unknown) {
      await portal.requireManaged(user, merchantId);
      return notices.updateSettings(merchantId, input, {
        after: (tx, summary) =>
          activity.audit(tx, { merchantId, user, action: "notices.update", summary }),
      });
    },

    async addPushDevice(
      user: UserDto,
      merchantId: number,
      input: unknown,
      userAgent: string | undefined,
    ) {
      await portal.requireManaged(user, merchantId);
      return notices.addPushDevice(merchantId, input, userAgent);
    },

    async pushDevices(user: UserDto, merchantId: number) {
      await portal.requireManaged(user, merchantId);
      return notices.pushDevices(merchantId);
    },

    async removePushDevice(user: UserDto, merchantId: number, id: number) {
      await portal.requireManaged(user, merchantId);
      await notices.removePushDevice(merchantId, id);
    },

    /** Before the live 'Pedidos' stream opens. */
    requireManaged: (user: UserDto, merchantId: number) => portal.requireManaged(user, merchantId),
  };
}

export type PortalNotices = ReturnType<typeof createPortalNotices>;
