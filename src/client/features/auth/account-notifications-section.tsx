import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import {
  type Channels,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from "../../../shared/schemas/notifications.ts";
import { Button } from "../../components/button.tsx";
import { Pending } from "../../components/pending.tsx";
import { dateTimeText } from "../../lib/date-time.ts";
import { phoneChannelsOffered } from "../../lib/phone-reach.ts";
import { toast } from "../../lib/toast.ts";
import { errorText } from "./account-form.ts";
import { useNotificationSettings, useSaveNotificationSettings } from "./notifications.api.ts";

/**
 * `/account`'s "Order news" (issue 37, decision 063): e-mail, WhatsApp and SMS on or off for the orders I buy
 * and the orders I fulfil. Turning WhatsApp or SMS on is consent, shown with its time; they need a number.
 */
export function AccountNotificationsSection() {
  const { t } = useLingui();
  const settings = useNotificationSettings();
  if (settings.isPending) return <Pending label={t`Loading order news settings...`} />;
  if (settings.isError) {
    return <p role="alert">{errorText(settings.error)}</p>;
  }
  return <NotificationsForm settings={settings.data} />;
}

function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useLingui();
  const save = useSaveNotificationSettings();
  const [chosen, setChosen] = useState<Record<NotificationKind, Channels>>({
    buying: settings.buying.channels,
    fulfilling: settings.fulfilling.channels,
  });
  const kindTitle: Record<NotificationKind, string> = {
    buying: t`Orders I buy`,
    fulfilling: t`Orders I fulfil`,
  };
  const channelName: Record<NotificationChannel, string> = {
    email: t`E-mail`,
    whatsapp: t`WhatsApp`,
    sms: t`SMS`,
  };
  const needsPhone = (channel: NotificationChannel) => channel !== "email" && settings.phone === null;
  // NOTE: a phone channel no provider carries is not offered (issue 37); one still on is shown, to turn off.
  const offered = phoneChannelsOffered();
  const shown = (kind: NotificationKind) =>
    NOTIFICATION_CHANNELS.filter(
      (channel) => channel === "email" || offered.includes(channel) || settings[kind].channels[channel],
    );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({
        buying: { channels: chosen.buying },
        fulfilling: { channels: chosen.fulfilling },
      });
      toast.success(t`Order news settings saved`);
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <NewsIntro settings={settings} phoneOffered={offered.length > 0} />
      {NOTIFICATION_KINDS.map((kind) => (
        <fieldset key={kind} className="rounded-lg border border-stone-200 p-3">
          <legend className="px-1 font-semibold text-stone-900">{kindTitle[kind]}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {shown(kind).map((channel) => {
              const consent = channel === "email" ? null : settings[kind].consentAt[channel];
              return (
                <label key={channel} className="flex min-h-11 items-center gap-2 text-stone-800">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={chosen[kind][channel]}
                    disabled={needsPhone(channel)}
                    onChange={(event) =>
                      setChosen((now) => ({
                        ...now,
                        [kind]: { ...now[kind], [channel]: event.target.checked },
                      }))
                    }
                  />
                  <span>
                    {channelName[channel]}
                    {consent && chosen[kind][channel] ? (
                      <span className="block text-sm text-stone-600">
                        <Trans>agreed on {dateTimeText(consent)}</Trans>
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <Button type="submit" disabled={save.isPending}>
        <Trans>Save order news settings</Trans>
      </Button>
    </form>
  );
}

/** Where the news goes, and where WhatsApp and SMS would go (a number to add first, or the account's). */
function NewsIntro({ settings, phoneOffered }: { settings: NotificationSettings; phoneOffered: boolean }) {
  return (
    <p className="text-stone-700">
      <Trans>Choose where we tell you what happens to your orders.</Trans>{" "}
      {!phoneOffered && settings.phone === null ? null : settings.phone === null ? (
        <Trans>Add a mobile number above to get WhatsApp or SMS messages.</Trans>
      ) : (
        <Trans>
          WhatsApp and SMS go to <strong>{settings.phone}</strong>. If a WhatsApp message is not delivered
          within 10 minutes, we send it once by SMS when SMS is on.
        </Trans>
      )}
    </p>
  );
}
