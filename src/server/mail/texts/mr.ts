import { formatRupees } from "../../../shared/money.ts";
import { unitGrams } from "../../../shared/weighing.ts";
import type { MailTexts } from "./en.ts";
import { gramsIn, slotLabelIn } from "./format.ts";

const grams = gramsIn("किलो", "ग्रॅम");

/** The shop's mails in Marathi, written for a Pune or Nashik shopper and farmer, not word by word. */
export const mr: MailTexts = {
  hello: (name) => `नमस्कार ${name},`,
  total: "एकूण",
  seeOrder: "तुमची ऑर्डर पहा",

  passwordResetSubject: "तुमचा Veggie Cart पासवर्ड बदला",
  passwordResetBody: (minutes) =>
    `कोणीतरी (आशा आहे तुम्हीच) तुमच्या Veggie Cart खात्याचा पासवर्ड बदलायला सांगितला आहे. ही लिंक एकदाच आणि ${minutes} मिनिटांपर्यंत चालेल.`,
  passwordResetLink: "नवीन पासवर्ड ठेवा",
  passwordResetIgnore: "तुम्ही हे मागितले नसेल, तर हा ईमेल सोडून द्या: तुमचा पासवर्ड आहे तसाच राहील.",

  emailChangeSubject: "तुमच्या नवीन ईमेल पत्त्याची खात्री करा",
  emailChangeBody: (to, hours) =>
    `${to} हा तुमच्या Veggie Cart खात्याचा नवीन ईमेल पत्ता आहे याची कृपया खात्री करा. ही लिंक एकदाच आणि ${hours} तासांपर्यंत चालेल.`,
  emailChangeLink: "हा पत्ता खात्रीचा करा",
  emailChangeIgnore: "तुम्ही हे मागितले नसेल, तर हा ईमेल सोडून द्या: काहीही बदलणार नाही.",

  operatorClaimSubject: "Veggie Cart वर तुमच्या संचालक हक्कांची खात्री करा",
  operatorClaimBody: (hours) =>
    `हा पत्ता दुकानाच्या संचालकांपैकी एकाचा आहे. तुमचे Veggie Cart खाते संचालक करण्यासाठी लिंक उघडा; ती एकदाच आणि ${hours} तासांपर्यंत चालेल.`,
  operatorClaimLink: "संचालक हक्कांची खात्री करा",
  operatorClaimIgnore:
    "तुम्ही दुकानावर खाते उघडले नसेल किंवा लॉग इन केले नसेल, तर हा ईमेल सोडून द्या: काहीही बदलणार नाही.",

  signInLinkSubject: "Veggie Cart मध्ये लॉग इन करण्याची तुमची लिंक",
  signInLinkBody: (minutes) =>
    `तुमच्या Veggie Cart खात्यावर अनेकदा चुकीचे पासवर्ड टाकले गेले, म्हणून पासवर्डने लॉग इन काही वेळ थांबले आहे. तुमचा पासवर्ड बरोबर होता: ही लिंक तुम्हाला एकदा, ${minutes} मिनिटांत, लॉग इन करून देईल.`,
  signInLinkLink: "लॉग इन करा",
  signInLinkNotYou: "आत्ता लॉग इन करणारे तुम्ही नसाल, तर तुमचा पासवर्ड बदला: तो दुसऱ्या कोणाला तरी माहीत आहे.",

  emailChangeNoticeSubject: "तुमच्या Veggie Cart खात्याचा ईमेल पत्ता बदलला जात आहे",
  emailChangeNoticeBody: (newEmail) =>
    `तुमच्या Veggie Cart खात्यात लॉग इन असलेल्या कोणीतरी त्याचा ईमेल पत्ता ${newEmail} करायला सांगितला आहे. त्या पत्त्याची खात्री होताच पत्ता बदलेल.`,
  emailChangeNoticeNotYou:
    "हे तुम्ही नसाल, तर लॉग इन करा, पासवर्ड बदला आणि तुमच्या खात्याच्या पानावरून इतर सगळीकडून लॉग आउट करा.",

  emailChangedSubject: "तुमच्या Veggie Cart खात्याचा ईमेल पत्ता बदलला",
  emailChangedBody: (newEmail) =>
    `तुमच्या Veggie Cart खात्याचा ईमेल पत्ता आता ${newEmail} आहे; या पत्त्याने आता लॉग इन होणार नाही.`,

  welcomeSubject: "Veggie Cart मध्ये तुमचे स्वागत आहे",
  welcomeBody:
    "तुमचे Veggie Cart खाते तयार आहे. ताजा भाजीपाला आणि फळे थेट पिकवणाऱ्या शेतकऱ्यांकडून घ्या, किंवा तुमचा स्वतःचा माल इतरांना विकण्यासाठी टाका.",
  welcomeLink: "दुकान उघडा",

  signUpAttemptSubject: "कोणीतरी तुमच्या ईमेल पत्त्याने खाते उघडण्याचा प्रयत्न केला",
  signUpAttemptBody: (email) =>
    `कोणीतरी ${email} ने Veggie Cart वर नवीन खाते उघडण्याचा प्रयत्न केला, पण या पत्त्यावर आधीच एक खाते आहे: तुमचे. कोणतेही नवीन खाते उघडले नाही.`,
  signUpAttemptLink: "पासवर्ड विसरलात? नवीन पासवर्ड ठेवा",
  signUpAttemptIgnore: "हे तुम्ही नसाल, तर हा ईमेल सोडून द्या: तुमचे खाते आहे तसेच राहील.",

  paymentMethodLabels: {
    "credit-card": "क्रेडिट कार्ड",
    "debit-card": "डेबिट कार्ड",
    upi: "UPI",
    "net-banking": "नेट बँकिंग",
  },
  paymentMethodNotes: {
    "credit-card": "ऑर्डर मिळाल्यावर शेतकऱ्याला क्रेडिट कार्डने पैसे द्या (त्यांच्या कार्ड मशीनवर).",
    "debit-card": "ऑर्डर मिळाल्यावर शेतकऱ्याला डेबिट कार्डने पैसे द्या (त्यांच्या कार्ड मशीनवर).",
    upi: "ऑर्डर मिळाल्यावर शेतकऱ्याला UPI ने पैसे द्या: त्यांचा क्यूआर कोड स्कॅन करा.",
    "net-banking": "ऑर्डर मिळाल्यावर शेतकऱ्याला नेट बँकिंगने पैसे द्या: ते त्यांच्या खात्याची माहिती देतील.",
  },
  paymentWhen: {
    delivery: "ऑनलाइन काहीही कापले जात नाही. प्रत्येक शेतकऱ्याचा भाग आल्यावर तुम्ही त्याला पैसे देता.",
    pickup: "ऑनलाइन काहीही कापले जात नाही. प्रत्येक शेतकऱ्याच्या भागाचे पैसे तुम्ही पिकअपच्या वेळी देता.",
    both: "ऑनलाइन काहीही कापले जात नाही. प्रत्येक शेतकऱ्याच्या भागाचे पैसे तुम्ही तो आल्यावर, किंवा पिकअपच्या वेळी देता.",
  },
  howToPay: (method, note, when) => `पैसे कसे द्यायचे (${method}): ${note} ${when}`,
  slotLabel: slotLabelIn("mr", {
    morning: "सकाळी",
    afternoon: "दुपारी",
    evening: "संध्याकाळी",
    night: "रात्री",
    to: "ते",
    oClock: "",
  }),
  slotKinds: { delivery: "घरपोच", pickup: "पिकअप" },
  slotText: (kind, when, place) => `${kind} ${when}${place ? `, ${place} येथे` : ""}`,
  whenAndWhere: (slots) => `कधी आणि कुठे: ${slots}`,

  orderSubject: (number) => `तुमची Veggie Cart ऑर्डर ${number}`,
  orderThanks: "ऑर्डरबद्दल धन्यवाद. तुम्ही हे घेतले आहे:",
  deliveryAddress: (address) => `डिलिव्हरीचा पत्ता: ${address}`,

  newPartSubject: (number, estimate) => `नवीन ऑर्डर ${number}: ${estimate}`,
  newPartIntro: (buyer) => `${buyer} यांनी तुमच्याकडून माल मागवला आहे. ऑर्डरमधील तुमचा भाग हा आहे:`,
  newPartBuyer: (buyer, phone) => `ग्राहक: ${buyer}, ${phone}`,
  newPartDeliverTo: (address) => `इथे पोहोचवा: ${address}`,
  newPartPickupAt: (place) => `पिकअपचे ठिकाण: ${place}`,
  newPartLink: "शेतकरी पोर्टल उघडा",

  billSubject: (farmer, total) => `${farmer} यांचे तुमचे बिल: ${formatRupees(total)}`,
  billIntro: (farmer, number) =>
    `${farmer} यांनी तुमच्या ऑर्डर ${number} मधील त्यांचा भाग पॅक केला आहे. तुमचे बिल हे आहे:`,
  correctedBillSubject: (farmer, total) => `${farmer} यांचे तुमचे दुरुस्त बिल: ${formatRupees(total)}`,
  correctedBillIntro: (farmer, number, before) =>
    `${farmer} यांनी तुमच्या ऑर्डर ${number} मधील त्यांच्या भागातील एक वजन दुरुस्त केले आहे. हे बिल आधी पाठवलेल्या बिलाऐवजी (${before}) आहे:`,
  billOrdered: (quantity, unit) => `मागवले ${grams(quantity * (unitGrams(unit) ?? 0))}`,
  billPacked: (packed) => (packed === 0 ? "काहीच पॅक झाले नाही" : `पॅक झाले ${grams(packed)}`),
  billPayCashOrUpi: (total) =>
    `पैसे कसे द्यायचे: माल आल्यावर रोख, किंवा तुमच्या ऑर्डरच्या पानावरील क्यूआर कोडने UPI द्वारे (UPI ने ${formatRupees(total)} भरा).`,
  billPayCash: "पैसे कसे द्यायचे: माल आल्यावर रोख द्या.",
  billPayCashOrUpiAtPickup: (total) =>
    `पैसे कसे द्यायचे: पिकअपच्या वेळी रोख, किंवा तुमच्या ऑर्डरच्या पानावरील क्यूआर कोडने UPI द्वारे (UPI ने ${formatRupees(total)} भरा).`,
  billPayCashAtPickup: "पैसे कसे द्यायचे: पिकअपच्या वेळी रोख द्या.",

  partStatusLabels: {
    pending: "बाकी",
    confirmed: "पक्की झाली",
    out_for_delivery: "डिलिव्हरीसाठी निघाली",
    delivered: "पोहोचली",
    cancelled: "रद्द",
  },
  partStatusSubject: (number, status) => `तुमची Veggie Cart ऑर्डर ${number}: ${status}`,
  /** The first line of one mail telling of several parts of an order (decision 048). */
  orderUpdatesIntro: (number) => `तुमच्या ऑर्डर ${number} मध्ये हे बदल झाले आहेत:`,
  /** Between the statuses a subject names ("Confirmed, Delivered"). */
  listSeparator: ", ",
  partConfirmed: (farmer, order) =>
    `${farmer} यांनी तुमच्या ऑर्डर ${order} मधील हा माल पक्का केला आहे आणि ते तो तयार करत आहेत.`,
  partOutForDelivery: (farmer, order) =>
    `${farmer} यांनी तुमच्या ऑर्डर ${order} मधील हा माल डिलिव्हरीसाठी पाठवला आहे.`,
  partDelivered: (farmer, order) => `${farmer} यांच्या नोंदीनुसार तुमच्या ऑर्डर ${order} मधील हा माल पोहोचला आहे.`,
  partCancelled: (farmer, order) =>
    `${farmer} यांनी तुमच्या ऑर्डर ${order} मधील हा माल रद्द केला आहे. त्यासाठी तुम्हाला काहीही द्यायचे नाही.`,
  theirReason: (reason) => `त्यांचे कारण: ${reason}`,
  theirNote: (note) => `त्यांची टीप: ${note}`,

  notHomeSubject: (number) => `तुमची Veggie Cart ऑर्डर ${number}: आम्ही आलो, घरी कोणी नव्हते`,
  notHomeBody: (farmer, time, number) =>
    `आम्ही ${time} वाजता आलो होतो, घरी कोणी नव्हते. तुमची ऑर्डर ${number} अजून ${farmer} यांच्याकडे आहे; ते पुन्हा आणण्यासाठी तुमच्याशी बोलतील.`,

  slotClosedSubject: (number) => `तुमची Veggie Cart ऑर्डर ${number}: शेतकऱ्याने वेळ बंद केली`,
  slotClosedBody: (farmer, kind, number, when, contact) =>
    `${farmer} यांनी तुमच्या ऑर्डर ${number} ची ${kind} वेळ (${when}) बंद केली आहे. तुमची ऑर्डर कायम आहे; दुसरी वेळ ठरवण्यासाठी कृपया ${contact} यांच्याशी बोला.`,
  farmerOnPhone: (farmer, phone) => `${farmer} (फोन ${phone})`,

  buyerCancelledSubject: (number) => `ग्राहकाने ऑर्डर ${number} रद्द केली`,
  buyerCancelledBody: (buyer, number) =>
    `${buyer} यांनी त्यांची ऑर्डर ${number} तुम्ही पुष्टी करण्यापूर्वी रद्द केली आहे. हा माल पॅक करू नका:`,
  buyerCancelledStock: "याचा साठा दुकानात पुन्हा विक्रीसाठी आहे.",
};
