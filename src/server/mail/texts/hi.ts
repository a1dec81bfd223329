import { formatRupees } from "../../../shared/money.ts";
import { unitGrams } from "../../../shared/weighing.ts";
import type { MailTexts } from "./en.ts";
import { gramsIn, slotLabelIn } from "./format.ts";

const grams = gramsIn("किलो", "ग्राम");

/** The shop's mails in Hindi, written for a shopper and a farmer, not word by word. */
export const hi: MailTexts = {
  hello: (name) => `नमस्ते ${name},`,
  total: "कुल",
  seeOrder: "अपना ऑर्डर देखें",

  passwordResetSubject: "अपना Veggie Cart पासवर्ड बदलें",
  passwordResetBody: (minutes) =>
    `किसी ने (उम्मीद है आपने ही) आपके Veggie Cart खाते का पासवर्ड बदलने को कहा है। यह लिंक एक ही बार और ${minutes} मिनट तक चलेगा।`,
  passwordResetLink: "नया पासवर्ड रखें",
  passwordResetIgnore: "अगर आपने यह नहीं माँगा था, तो इस ईमेल को छोड़ दें: आपका पासवर्ड जैसा है वैसा ही रहेगा।",

  emailChangeSubject: "अपने नए ईमेल पते की पुष्टि करें",
  emailChangeBody: (to, hours) =>
    `कृपया पुष्टि करें कि ${to} आपके Veggie Cart खाते का नया ईमेल पता है। यह लिंक एक ही बार और ${hours} घंटे तक चलेगा।`,
  emailChangeLink: "इस पते की पुष्टि करें",
  emailChangeIgnore: "अगर आपने यह नहीं माँगा था, तो इस ईमेल को छोड़ दें: कुछ नहीं बदलेगा।",

  operatorClaimSubject: "Veggie Cart पर अपने संचालक अधिकार की पुष्टि करें",
  operatorClaimBody: (hours) =>
    `यह पता दुकान के संचालकों में से एक का है। अपने Veggie Cart खाते को संचालक बनाने के लिए लिंक खोलें; यह एक ही बार और ${hours} घंटे तक चलेगा।`,
  operatorClaimLink: "संचालक अधिकार की पुष्टि करें",
  operatorClaimIgnore: "अगर आपने दुकान पर खाता नहीं बनाया या लॉग इन नहीं किया, तो इस ईमेल को छोड़ दें: कुछ नहीं बदलेगा।",

  signInLinkSubject: "Veggie Cart में लॉग इन करने का आपका लिंक",
  signInLinkBody: (minutes) =>
    `आपके Veggie Cart खाते पर कई बार गलत पासवर्ड डाले गए, इसलिए पासवर्ड से लॉग इन कुछ देर रुका है। आपका पासवर्ड सही था: यह लिंक आपको एक बार, ${minutes} मिनट के अंदर, लॉग इन करा देगा।`,
  signInLinkLink: "लॉग इन करें",
  signInLinkNotYou: "अगर अभी-अभी लॉग इन करने वाले आप नहीं थे, तो अपना पासवर्ड बदल दें: किसी और को वह पता है।",

  emailChangeNoticeSubject: "आपके Veggie Cart खाते का ईमेल पता बदला जा रहा है",
  emailChangeNoticeBody: (newEmail) =>
    `आपके Veggie Cart खाते में लॉग इन किसी व्यक्ति ने उसका ईमेल पता बदलकर ${newEmail} करने को कहा है। उस पते की पुष्टि होते ही पता बदल जाएगा।`,
  emailChangeNoticeNotYou:
    "अगर यह आप नहीं थे, तो लॉग इन करें, अपना पासवर्ड बदलें और अपने खाते के पेज से बाकी सब जगह से लॉग आउट करें।",

  emailChangedSubject: "आपके Veggie Cart खाते का ईमेल पता बदल गया",
  emailChangedBody: (newEmail) =>
    `आपके Veggie Cart खाते का ईमेल पता अब ${newEmail} है; इस पते से अब लॉग इन नहीं होगा।`,

  welcomeSubject: "Veggie Cart में आपका स्वागत है",
  welcomeBody:
    "आपका Veggie Cart खाता तैयार है। ताज़ी सब्ज़ियाँ और फल सीधे उगाने वाले किसानों से खरीदें, या अपनी फ़सल दूसरों को बेचने के लिए डालें।",
  welcomeLink: "दुकान खोलें",

  signUpAttemptSubject: "किसी ने आपके ईमेल पते से खाता बनाने की कोशिश की",
  signUpAttemptBody: (email) =>
    `किसी ने ${email} से Veggie Cart पर नया खाता बनाने की कोशिश की, पर इस पते पर पहले से एक खाता है: आपका। कोई नया खाता नहीं बना।`,
  signUpAttemptLink: "पासवर्ड भूल गए? नया पासवर्ड रखें",
  signUpAttemptIgnore: "अगर यह आप नहीं थे, तो इस ईमेल को छोड़ दें: आपका खाता जैसा है वैसा ही रहेगा।",

  paymentMethodLabels: {
    "credit-card": "क्रेडिट कार्ड",
    "debit-card": "डेबिट कार्ड",
    upi: "UPI",
    "net-banking": "नेट बैंकिंग",
  },
  paymentMethodNotes: {
    "credit-card": "ऑर्डर मिलने पर किसान को क्रेडिट कार्ड से भुगतान करें (उनकी कार्ड मशीन पर)।",
    "debit-card": "ऑर्डर मिलने पर किसान को डेबिट कार्ड से भुगतान करें (उनकी कार्ड मशीन पर)।",
    upi: "ऑर्डर मिलने पर किसान को UPI से भुगतान करें: उनका क्यूआर कोड स्कैन करें।",
    "net-banking": "ऑर्डर मिलने पर किसान को नेट बैंकिंग से भुगतान करें: वे अपने खाते की जानकारी देंगे।",
  },
  paymentWhen: {
    delivery: "ऑनलाइन कुछ नहीं कटता। हर किसान को उसका हिस्सा पहुँचने पर आप उसे भुगतान करते हैं।",
    pickup: "ऑनलाइन कुछ नहीं कटता। हर किसान को आप उसके हिस्से का भुगतान पिकअप के समय करते हैं।",
    both: "ऑनलाइन कुछ नहीं कटता। हर किसान को आप उसके हिस्से का भुगतान उसके पहुँचने पर, या पिकअप के समय करते हैं।",
  },
  howToPay: (method, note, when) => `भुगतान कैसे करें (${method}): ${note} ${when}`,
  slotLabel: slotLabelIn("hi", {
    morning: "सुबह",
    afternoon: "दोपहर",
    evening: "शाम",
    night: "रात",
    to: "से",
    oClock: "बजे",
  }),
  slotKinds: { delivery: "होम डिलीवरी", pickup: "पिकअप" },
  slotText: (kind, when, place) => `${kind} ${when}${place ? `, ${place} पर` : ""}`,
  whenAndWhere: (slots) => `कब और कहाँ: ${slots}`,

  orderSubject: (number) => `आपका Veggie Cart ऑर्डर ${number}`,
  orderThanks: "ऑर्डर के लिए धन्यवाद। आपने यह खरीदा है:",
  deliveryAddress: (address) => `डिलीवरी का पता: ${address}`,

  newPartSubject: (number, estimate) => `नया ऑर्डर ${number}: ${estimate}`,
  newPartIntro: (buyer) => `${buyer} ने आपसे सामान मँगाया है। ऑर्डर में आपका हिस्सा यह है:`,
  newPartBuyer: (buyer, phone) => `ग्राहक: ${buyer}, ${phone}`,
  newPartDeliverTo: (address) => `यहाँ पहुँचाएँ: ${address}`,
  newPartPickupAt: (place) => `पिकअप की जगह: ${place}`,
  newPartLink: "किसान पोर्टल खोलें",

  billSubject: (farmer, total) => `${farmer} का आपका बिल: ${formatRupees(total)}`,
  billIntro: (farmer, number) => `${farmer} ने आपके ऑर्डर ${number} का अपना हिस्सा पैक कर दिया है। आपका बिल यह है:`,
  correctedBillSubject: (farmer, total) => `${farmer} का आपका सुधरा हुआ बिल: ${formatRupees(total)}`,
  correctedBillIntro: (farmer, number, before) =>
    `${farmer} ने आपके ऑर्डर ${number} के अपने हिस्से में एक वज़न सुधारा है। यह बिल पहले भेजे गए बिल (${before}) की जगह लेता है:`,
  billOrdered: (quantity, unit) => `मँगाया ${grams(quantity * (unitGrams(unit) ?? 0))}`,
  billPacked: (packed) => (packed === 0 ? "कुछ पैक नहीं हुआ" : `पैक हुआ ${grams(packed)}`),
  billPayCashOrUpi: (total) =>
    `भुगतान कैसे करें: सामान पहुँचने पर नकद, या अपने ऑर्डर के पेज पर दिए क्यूआर कोड से UPI द्वारा (UPI से ${formatRupees(total)} भरें)।`,
  billPayCash: "भुगतान कैसे करें: सामान पहुँचने पर नकद दें।",
  billPayCashOrUpiAtPickup: (total) =>
    `भुगतान कैसे करें: पिकअप के समय नकद, या अपने ऑर्डर के पेज पर दिए क्यूआर कोड से UPI द्वारा (UPI से ${formatRupees(total)} भरें)।`,
  billPayCashAtPickup: "भुगतान कैसे करें: पिकअप के समय नकद दें।",

  partStatusLabels: {
    pending: "बाकी",
    confirmed: "पक्का हो गया",
    out_for_delivery: "डिलीवरी के लिए निकला",
    delivered: "पहुँच गया",
    cancelled: "रद्द",
  },
  partStatusSubject: (number, status) => `आपका Veggie Cart ऑर्डर ${number}: ${status}`,
  /** The first line of one mail telling of several parts of an order (decision 048). */
  orderUpdatesIntro: (number) => `आपके ऑर्डर ${number} में ये बदलाव हुए हैं:`,
  /** Between the statuses a subject names ("Confirmed, Delivered"). */
  listSeparator: ", ",
  partConfirmed: (farmer, order) =>
    `${farmer} ने आपके ऑर्डर ${order} का यह सामान पक्का कर दिया है और उसे तैयार कर रहे हैं।`,
  partOutForDelivery: (farmer, order) => `${farmer} ने आपके ऑर्डर ${order} का यह सामान डिलीवरी के लिए भेज दिया है।`,
  partDelivered: (farmer, order) => `${farmer} के अनुसार आपके ऑर्डर ${order} का यह सामान पहुँच गया है।`,
  partCancelled: (farmer, order) =>
    `${farmer} ने आपके ऑर्डर ${order} का यह सामान रद्द कर दिया है। इसके लिए आपको कुछ नहीं देना है।`,
  theirReason: (reason) => `उनका कारण: ${reason}`,
  theirNote: (note) => `उनकी बात: ${note}`,

  notHomeSubject: (number) => `आपका Veggie Cart ऑर्डर ${number}: हम आए, घर पर कोई नहीं था`,
  notHomeBody: (farmer, time, number) =>
    `हम ${time} बजे आए थे, घर पर कोई नहीं था। आपका ऑर्डर ${number} अभी ${farmer} के पास है; वे फिर से लाने के लिए आपसे बात करेंगे।`,

  slotClosedSubject: (number) => `आपका Veggie Cart ऑर्डर ${number}: किसान ने समय बंद कर दिया`,
  slotClosedBody: (farmer, kind, number, when, contact) =>
    `${farmer} ने आपके ऑर्डर ${number} का ${kind} का समय (${when}) बंद कर दिया है। आपका ऑर्डर बना रहेगा; कोई दूसरा समय तय करने के लिए कृपया ${contact} से बात करें।`,
  farmerOnPhone: (farmer, phone) => `${farmer} (फ़ोन ${phone})`,

  buyerCancelledSubject: (number) => `ग्राहक ने ऑर्डर ${number} रद्द कर दिया`,
  buyerCancelledBody: (buyer, number) =>
    `${buyer} ने अपना ऑर्डर ${number} आपकी पुष्टि से पहले रद्द कर दिया है। यह सामान पैक न करें:`,
  buyerCancelledStock: "इसका स्टॉक दुकान में फिर से बिक्री के लिए है।",
};
