import type { ErrorMessages } from './index.js';

export const du: ErrorMessages = {
  'register.emptyEmail': 'Bitte geben Sie Ihre E-Mail-Adresse ein',
  'register.pRightEmail': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  'register.emptyPhone': 'Bitte geben Sie Ihre Mobilnummer ein',
  'register.pRightPhone': 'Bitte geben Sie eine gültige Mobilnummer ein',
  'register.emptyPassword': 'Bitte geben Sie ein Passwort ein',
  'register.emptyCode': 'Bitte geben Sie den Bestätigungscode ein',
  'register.length': 'Das Passwort muss aus 6 bis 16 Buchstaben oder Ziffern bestehen',
  'register.enterPassword2': 'Bitte geben Sie das Passwort erneut ein',
  'register.unlike': 'Die beiden Passwörter stimmen nicht überein',
  'login.p_first': 'Bitte lesen und akzeptieren Sie zuerst die Nutzungsvereinbarung',
  'login.p_temail': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  'login.p_taccount': 'Bitte geben Sie ein gültiges Konto ein',
  'trade.p_price': 'Bitte geben Sie einen Preis ein',
  'trade.p_num': 'Bitte geben Sie eine Menge ein',
  'trade.notbest': 'Derzeit ist kein bester Preis verfügbar',
  'trade.remind': 'Der Handel auf diesem Markt ist derzeit nicht möglich',
  'common.invalid_param': 'Ungültiger Wert für {{field}}',
  'common.bad_json': 'Der Anfrageinhalt ist kein gültiges JSON',
  'common.bad_request': 'Die Anfrage konnte nicht verstanden werden',
  'common.unsupported_media_type': 'Nicht unterstützter Inhaltstyp: Bitte JSON senden',
  'common.payload_too_large': 'Die Anfrage ist zu groß',
  'common.headers_too_large': 'Die Kopfzeilen der Anfrage sind zu groß',
  'common.request_timeout': 'Die Anfrage hat zu lange gedauert, bitte versuchen Sie es erneut',
  'common.not_found': 'Nicht gefunden',
  'common.too_many_requests':
    'Zu viele Anfragen, bitte warten Sie einen Moment und versuchen Sie es erneut',
  'common.forbidden': 'Sie sind dazu nicht berechtigt',
  'common.internal':
    'Bei uns ist ein Fehler aufgetreten, bitte versuchen Sie es später noch einmal',
  'common.unavailable':
    'Der Dienst ist vorübergehend nicht verfügbar, bitte versuchen Sie es später noch einmal',
  'auth.session_expired': 'Die Anmeldung ist abgelaufen, bitte melden Sie sich erneut an',
  'auth.login_failed': 'Konto oder Passwort ist falsch',
  'auth.account_exists': 'Dieses Konto ist bereits registriert',
  'auth.account_not_found': 'Unter dieser Adresse ist kein Konto registriert',
  'auth.account_disabled': 'Dieses Konto ist gesperrt, bitte wenden Sie sich an den Support',
  'auth.invite_invalid': 'Der Einladungscode ist ungültig',
  'auth.area_invalid': 'Bitte wählen Sie ein gültiges Land oder eine gültige Region',
  'auth.admin_only': 'Nur Betreiber können dies tun',
  'code.invalid': 'Der Bestätigungscode ist falsch',
  'code.expired': 'Der Bestätigungscode ist abgelaufen, bitte fordern Sie einen neuen an',
  'code.attempts_exceeded': 'Zu viele Fehlversuche, bitte fordern Sie einen neuen Code an',
  'code.resend_wait': 'Bitte warten Sie {{seconds}} s, bevor Sie einen weiteren Code anfordern',
  'code.send_failed':
    'Der Code konnte nicht gesendet werden, bitte versuchen Sie es später noch einmal',
  'code.not_own_account': 'Codes für diesen Zweck können nur an Ihr eigenes Konto gesendet werden',
  'balance.insufficient': 'Unzureichendes Guthaben',
  'market.not_found': 'Dieser Markt existiert nicht',
  'trade.price_scale': 'Der Preis erlaubt höchstens {{decimals}} Nachkommastellen',
  'trade.qty_scale': 'Die Menge erlaubt höchstens {{decimals}} Nachkommastellen',
  'trade.min_qty': 'Die Menge liegt unter dem Minimum von {{min}}',
  'trade.invalid_number': 'Bitte geben Sie eine positive Zahl ein',
  'order.not_found': 'Diese Order existiert nicht',
  'order.not_open': 'Diese Order ist nicht mehr offen',
  'account.type_invalid': 'Unbekannter Kontotyp',
  'amount.invalid':
    'Bitte geben Sie einen positiven Betrag mit höchstens {{decimals}} Nachkommastellen ein',
  'withdraw.p_address': 'Bitte geben Sie die Auszahlungsadresse ein',
  'withdraw.p_number': 'Bitte geben Sie den Auszahlungsbetrag ein',
  'withdraw.p_password': 'Bitte geben Sie Ihr Handelspasswort ein',
  'withdraw.below_min': 'Der Betrag liegt unter der Mindestauszahlung von {{min}}',
  'withdraw.above_max': 'Der Betrag liegt über der Höchstauszahlung von {{max}}',
  'withdraw.closed': 'Auszahlungen dieser Währung sind derzeit nicht möglich',
  'withdraw.address_unbound':
    'Verknüpfen Sie zuerst diese Adresse: Auszahlungen sind nur an verknüpfte Adressen möglich',
  'withdraw.not_found': 'Auszahlung nicht gefunden',
  'deposit.p_quantity': 'Bitte geben Sie die Menge ein',
  'deposit.closed': 'Einzahlungen dieser Währung sind derzeit nicht möglich',
  'deposit.not_found': 'Einzahlung nicht gefunden',
  'paypass.not_set': 'Legen Sie zuerst ein Handelspasswort fest',
  'paypass.wrong': 'Falsches Handelspasswort',
  'paypass.locked':
    'Zu viele falsche Handelspasswörter; versuchen Sie es in {{retry_after_s}} Sekunden erneut',
  'login.enterOld': 'Bitte geben Sie das alte Passwort ein',
  'transfer.p_number': 'Bitte geben Sie den zu übertragenden Betrag ein',
  'transfer.same_account': 'Wählen Sie zwei verschiedene Konten',
  'transfer.not_allowed': 'Diese Währung kann nicht in diesem Konto gehalten werden',
  'convert.p_number': 'Bitte geben Sie den umzutauschenden Betrag ein',
  'convert.not_allowed': 'Diese Währung kann nicht in USDT umgetauscht werden',
  'convert.no_market': 'Derzeit gibt es keinen Käufer am Markt; versuchen Sie es später erneut',
  'address.p_address': 'Bitte geben Sie die Adresse ein',
  'address.invalid': 'Dies ist keine gültige {{chain}}-Adresse',
  'address.exists': 'Diese Adresse ist bereits verknüpft',
  'address.not_found': 'Adresse nicht gefunden',
  'chain.not_found': 'Diese Währung wird auf dieser Chain nicht angeboten',
  'review.done': 'Dieser Antrag wurde bereits geprüft',
  'review.p_reason': 'Bitte geben Sie einen Grund an (mindestens 3 Zeichen)',
  'review.p_tx_ref': 'Bitte geben Sie die Transaktionsreferenz der Auszahlung ein',
  'admin.user_not_found': 'Kein Benutzer passt zu {{user}}',
  'currency.not_found': 'Unbekannte Währung {{currency}}',
  'news.not_found': 'Dieser Artikel existiert nicht',
  'setting.unknown': 'Unbekannte Einstellung',
  'common.bad_text':
    '{{field}} enthält Zeichen, die nicht gespeichert werden können; bitte entfernen und erneut versuchen',
  'common.bad_number':
    'Zahlen müssen einfache Dezimalzahlen mit höchstens 15 Ziffern sein (ohne Exponent); Beträge als Text senden',
  'auth.login_locked':
    'Zu viele falsche Passwörter für dieses Konto; bitte in {{retry_after_s}} Sekunden erneut versuchen',
  'order.client_id_conflict':
    'Diese Kunden-Auftrags-ID wurde bereits für einen anderen Auftrag verwendet',
  'order.rate_limited': 'Zu viele Aufträge: höchstens {{max}} pro Sekunde; bitte langsamer',
  'order.open_limit':
    'Sie haben auf diesem Markt bereits {{max}} offene Aufträge, das Maximum; bitte zuerst einige stornieren',
  'spot.price_band':
    'Der Preis liegt mehr als {{band}} % vom Referenzpreis dieses Marktes ({{reference}}) entfernt: Kaufaufträge höchstens {{max}}, Verkaufsaufträge mindestens {{min}}',
  'amount.precision': 'Der Betrag erlaubt höchstens {{decimals}} Nachkommastellen',
  'amount.too_large': 'Der Betrag ist zu groß: höchstens {{max}}',
  'deposit.address_invalid':
    'Das ist nicht Ihre Einzahlungsadresse der Börse für {{chain}}; bitte von der Einzahlungsseite kopieren',
  'deposit.p_img': 'Bitte laden Sie einen Screenshot Ihrer Überweisung hoch',
  'deposit.img_invalid': 'Dieser Screenshot stammt nicht aus Ihren Uploads; bitte erneut hochladen',
  'deposit.duplicate':
    'Sie haben diese Einzahlung bereits gemeldet; bitte warten Sie auf die Prüfung',
  'deposit.too_many_pending':
    'Sie haben {{max}} Einzahlungsmeldungen in Prüfung; bitte warten Sie, bis sie geprüft sind',
  'deposit.order_gone':
    'Dieser Einzahlungsauftrag ist abgelaufen oder wartet nicht mehr auf Zahlung; legen Sie einen neuen an',
  'withdraw.num_error': 'Der Betrag übersteigt Ihr verfügbares Guthaben',
  'withdraw.bank_required':
    'Hinterlegen Sie vor einer VND-Auszahlung Ihr Bankkonto in den Bankdaten',
  'withdraw.identity_required': 'Bestätigen Sie vor einer VND-Auszahlung Ihre Identität',
  'withdraw.rate_changed':
    'Der VND-Kurs ist jetzt {{rate}}; prüfen Sie den Betrag und bestätigen Sie erneut',
  'upload.p_file': 'Bitte wählen Sie ein Bild zum Hochladen',
  'upload.type': 'Nur JPEG-, PNG- oder WebP-Bilder können hochgeladen werden',
  'upload.too_large': 'Das Bild ist größer als {{max_mb}} MB',
  'convert.depth_insufficient':
    'Das Orderbuch kann diese Menge gerade nicht aufnehmen (höchstens {{available}}); bitte weniger umtauschen',
  'convert.p_min_receive':
    'Bestätigen Sie vor dem Umtausch die kleinste USDT-Menge, die Sie annehmen (min_receive)',
  'convert.min_receive':
    'Der Markt würde {{receive}} USDT zahlen, weniger als Ihr Minimum von {{min_receive}}; nichts wurde umgetauscht. Bitte neues Angebot holen',
  'setting.invalid': 'Der Wert von {{setting}} ist ungültig: {{rule}}',
  'lever.p_price': 'Bitte geben Sie den Preis ein',
  'lever.p_multiple': 'Bitte wählen Sie einen Hebel',
  'lever.p_share': 'Bitte geben Sie die Anzahl der Lots ein',
  'lever.p_password': 'Bitte geben Sie Ihr Handelspasswort ein',
  'lever.closed_pair': 'Für dieses Paar ist der Hebelhandel nicht geöffnet',
  'lever.multiple': 'Wählen Sie einen der angebotenen Hebel: {{multiples}}',
  'lever.share_range': 'Die Anzahl der Lots muss zwischen {{min}} und {{max}} liegen',
  'lever.user_limit':
    'Sie dürfen höchstens {{max}} Lots auf diesem Paar halten (Sie halten {{held}})',
  'lever.open_interest':
    'Dieses Paar hat seine Grenze offener Positionen erreicht; versuchen Sie weniger Lots oder später',
  'lever.house_cover':
    'Das Haus kann diese Position derzeit nicht decken; versuchen Sie weniger Lots oder später',
  'lever.no_price':
    'Für dieses Paar gibt es noch keinen Marktpreis; versuchen Sie es gleich noch einmal',
  'lever.not_found': 'Diese Position gibt es nicht',
  'lever.not_open': 'Diese Position ist nicht mehr offen',
  'lever.not_entrust': 'Nur ein wartender Limit-Auftrag kann storniert werden',
  'lever.stop_profit_side':
    'Der Take-Profit-Preis muss bei Long über und bei Short unter dem Marktpreis liegen',
  'lever.stop_loss_side':
    'Der Stop-Loss-Preis muss bei Long unter und bei Short über dem Marktpreis liegen',
  'lever.risk':
    'Ihre Risikoquote läge bei {{rate}} %, also höchstens 100 %: Sie dürfen Positionen nur verringern. Überweisen Sie Guthaben auf das Hebelkonto oder schließen Sie eine Position',
  'lever.house_draw':
    'Damit läge {{account}} unter dem, was es zahlen können muss ({{exposure}}); entnehmen Sie weniger',
  'lever.terms_invalid': 'Die Hebelbedingungen sind ungültig: {{rule}}',
  'lever.no_mark':
    'Das Orderbuch dieses Paares ist gerade zu dünn für einen fairen Markpreis; Positionen können daher weder eröffnet noch geschlossen werden. Versuchen Sie es gleich noch einmal',
  'lever.exposure_bound':
    'Das Orderbuch dieses Paares ist gerade zu dünn für weitere Positionen auf dieser Seite; versuchen Sie es mit weniger Lots oder später noch einmal',
  'micro.p_number': 'Bitte geben Sie den Einsatz ein',
  'micro.closed_pair': 'Der Sekundenhandel ist für dieses Paar nicht geöffnet',
  'micro.currency': '{{currency}} kann im Sekundenhandel nicht eingesetzt werden',
  'micro.seconds': 'Wählen Sie eine der angebotenen Laufzeiten: {{seconds}} s',
  'micro.stake_range': 'Der Einsatz muss zwischen {{min}} und {{max}} {{currency}} liegen',
  'micro.exposure':
    'Das Haus hat auf diesem Paar derzeit sein Limit erreicht ({{cap}} {{currency}} über alle offenen Aufträge); setzen Sie weniger oder versuchen Sie es gleich noch einmal',
  'micro.liquidity':
    'Der Markt dieses Paares ist derzeit zu dünn, um mehr anzunehmen (höchstens {{bound}} {{currency}} Risiko); versuchen Sie einen kleineren Einsatz oder später',
  'micro.house':
    'Der Sekundenhandel-Topf kann diesen Auftrag gerade nicht decken; setzen Sie weniger oder versuchen Sie es später',
  'micro.not_found': 'Diesen Sekundenauftrag gibt es nicht',
  'micro.settings_invalid': 'Die Einstellungen des Sekundenhandels sind ungültig: {{rule}}',
  'earn.p_number': 'Bitte geben Sie den Betrag ein',
  'earn.p_name': 'Bitte geben Sie den englischen Namen ein',
  'earn.p_password': 'Bitte geben Sie Ihr Handelspasswort ein',
  'earn.not_found': 'Dieses Sparprodukt gibt es nicht',
  'earn.not_on_sale': 'Dieses Produkt wird derzeit nicht angeboten',
  'earn.sold_out':
    'Ausverkauft: Die hinterlegten Zinsen dieses Produkts decken keine weitere Zeichnung',
  'earn.amount_range': 'Der Betrag muss zwischen {{min}} und {{max}} {{currency}} liegen',
  'earn.user_limit':
    'Sie können höchstens {{max}} {{currency}} in diesem Produkt halten; noch {{left}}',
  'earn.quota': 'Von diesem Produkt sind nur noch {{left}} {{currency}} frei',
  'earn.terms_locked':
    'Es gibt bereits Zeichnungen: Die Bedingungen können nicht mehr geändert werden',
  'earn.terms_invalid': 'Die Produktbedingungen sind ungültig: {{rule}}',
  'earn.reserve_short':
    'Die Reserve hält nur {{reserve}} {{currency}}, die niemandem zugesagt sind',
  'earn.closed': 'Dieses Produkt ist endgültig geschlossen',
  'collect.p_name': 'Bitte geben Sie den vollständigen Namen ein',
  'collect.p_alipay': 'Bitte geben Sie das Alipay-Konto ein',
  'collect.p_wechat': 'Bitte geben Sie das WeChat-Konto ein',
  'collect.pleaseuploadthecollectioncode': 'Bitte laden Sie den Zahlungs-QR-Code hoch',
  'collect.pleaseenterthenameoftheopeningbank': 'Bitte geben Sie den Namen der Bank ein',
  'collect.p_branch': 'Bitte geben Sie die Filiale der Bank ein',
  'collect.p_card_no': 'Bitte geben Sie die Kontonummer ein',
  'collect.p_cardno': 'Bitte geben Sie die Ausweisnummer ein',
  'collect.up_cardz': 'Bitte laden Sie die Vorderseite des Ausweises hoch',
  'collect.up_cardf': 'Bitte laden Sie die Rückseite des Ausweises hoch',
  'collect.up_cardhand': 'Bitte laden Sie ein Foto hoch, auf dem Sie den Ausweis halten',
  'collect.bank_name': 'Bitte geben Sie den Banknamen ein',
  'collect.bank_account': 'Bitte geben Sie die Kontonummer ein',
  'collect.bank_account_format':
    'Die Kontonummer darf nur Ziffern, Leerzeichen und Bindestriche enthalten (4 bis 40)',
  'paymethod.type': 'Wählen Sie Alipay, WeChat oder Bank',
  'identity.card_id':
    'Die Ausweisnummer darf nur Buchstaben, Ziffern und Bindestriche enthalten (4 bis 40)',
  'identity.p_reason': 'Bitte nennen Sie den Grund (mindestens 3 Zeichen); der Nutzer sieht ihn',
  'identity.pending':
    'Ihre Identität wird geprüft; warten Sie das Ergebnis ab, bevor Sie erneut einreichen',
  'identity.approved': 'Ihre Identität ist bereits bestätigt',
  'identity.not_found': 'Diesen Identitätsantrag gibt es nicht',
  'login.p_pwd': 'Bitte geben Sie das neue Passwort ein',
  'login.p_simple': 'Das Passwort muss mindestens 6 Zeichen haben',
  'login.p_t_notpwd': 'Die beiden Passwörter stimmen nicht überein',
  'password.wrong_old': 'Das alte Passwort ist nicht korrekt',
  'password.same': 'Das neue Passwort muss sich vom aktuellen unterscheiden',
  'email.taken': 'Diese E-Mail-Adresse gehört zu einem anderen Konto',
  'email.same': 'Diese E-Mail-Adresse ist bereits mit Ihrem Konto verbunden',
  'account.rebind_password':
    'Geben Sie Ihr korrektes Anmeldepasswort ein, um die E-Mail-Adresse Ihres Kontos zu verknüpfen oder zu ändern',
  'account.rebind_old_code':
    'Geben Sie den Code ein, der an die derzeit verknüpfte E-Mail-Adresse gesendet wurde',
  'account.frozen':
    'Dieses Konto wurde zu seinem Schutz eingefroren; setzen Sie Ihr Passwort zurück, um es zu entsperren, oder wenden Sie sich an den Support',
  'account.freeze_invalid':
    'Dieser Link zum Einfrieren ist ungültig: Er wurde bereits verwendet, ist abgelaufen oder falsch eingegeben',
  'withdraw.security_hold':
    'Auszahlungen sind nach einer Änderung Ihrer E-Mail-Adresse oder Ihres Anmeldepassworts 24 Stunden lang gesperrt; versuchen Sie es in {{hours}} Std. erneut',
  'upload.not_own': 'Dieses Bild stammt nicht aus Ihren Uploads; laden Sie es erneut hoch',
  'feedback.p_type': 'Bitte wählen Sie eine Art',
  'feedback.type': 'Wählen Sie eine der angebotenen Arten',
  'feedback.p_title': 'Bitte geben Sie einen Titel ein',
  'feedback.p_content': 'Bitte beschreiben Sie Ihr Anliegen',
  'feedback.content_short': 'Bitte schreiben Sie mindestens 10 Zeichen',
  'feedback.p_reply': 'Bitte schreiben Sie eine Antwort',
  'feedback.not_found': 'Dieses Feedback gibt es nicht',
  'feedback.replied': 'Dieses Feedback wurde bereits beantwortet',
  'withdraw.daily_limit':
    'Damit kämen Ihre Auszahlungen der letzten 24 Stunden auf {{total}} USD, über Ihrem Limit von {{limit}} USD',
  'withdraw.daily_limit_verify':
    'Damit kämen Ihre Auszahlungen der letzten 24 Stunden auf {{total}} USD, über Ihrem Limit von {{limit}} USD; bestätigen Sie Ihre Identität für ein höheres Limit',
};
