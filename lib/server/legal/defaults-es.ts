import "server-only";
import type { LegalKind } from "@/lib/shared/people/legal";

// Version 1 of each legal document in Spanish (docs/architecture/legal.md "Languages"): the same
// version as defaults.ts, in the reader's language; accepting it is accepting version 1. An
// operator's translation of version 1 (a LegalTranslation row) takes its place.

export const FIRST_VERSIONS_ES: Record<LegalKind, { title: string; body: string }> = {
  terms: {
    title: "Términos del servicio",
    body: `Estos términos se aplican cuando usas Nosh para ver restaurantes, pedir comida, administrar un restaurante o entregar pedidos.

## Tu cuenta

- Das datos verdaderos al registrarte y no compartes tu contraseña.
- Eres responsable de lo que se haga con tu cuenta. Avísanos de inmediato en [Contáctanos](/help/contact) si crees que otra persona la está usando.
- Puedes cerrar tu cuenta cuando quieras desde [la página de tu cuenta](/account).

## Pedidos

- Un pedido es una solicitud al restaurante. Se convierte en un contrato entre tú y el restaurante cuando el restaurante lo acepta.
- Los precios, las tarifas, los impuestos y la propina se muestran antes de hacer un pedido. El total que ves al pagar es lo que pagas.
- Un restaurante puede rechazar un pedido; lo que hayas pagado por él se reembolsa por el mismo medio de pago.
- Si algo está mal con un pedido, reporta un problema desde la página del pedido dentro del plazo que indica.

## Monedero y créditos

El dinero de tu monedero de Nosh se puede gastar en pedidos. El crédito promocional no tiene valor en efectivo y no se puede retirar.

## Lo que no debes hacer

No hagas mal uso del servicio: nada de fraude, intentos de entrar sin permiso o de sobrecargarlo, reseñas falsas u ofensivas, ni acoso a restaurantes, repartidores u otros clientes.

## Cambios

Podemos cambiar estos términos. La versión y la fecha se muestran al principio de esta página, y las versiones anteriores se pueden seguir leyendo.`,
  },
  privacy: {
    title: "Política de privacidad",
    body: `Esta política explica qué datos tuyos recoge Nosh, para qué, cuánto tiempo se guardan y qué puedes hacer al respecto.

## Qué recogemos y para qué

| Qué | Para qué |
| --- | --- |
| Tu nombre, correo electrónico, número de teléfono y direcciones de entrega | Para gestionar tu cuenta, entregar tus pedidos y enviarte los mensajes que pediste |
| Tus pedidos, reseñas, favoritos y reportes de problemas | Para hacer, entregar y atender tus pedidos, y mostrar las calificaciones de los restaurantes |
| Registros de monedero y de pago (de las tarjetas: la marca, los cuatro últimos dígitos y el vencimiento, nunca el número) | Para cobrar, reembolsar y llevar las cuentas que exige la ley |
| Los mensajes entre tú y tu repartidor, y la foto de un pedido dejado en tu puerta | Para que el pedido te llegue y para resolver cualquier problema con él |
| De los repartidores: la ubicación durante el turno | Para ofrecer entregas cercanas y mostrar a los clientes dónde está su pedido |
| La dirección desde la que llegan tus solicitudes y los intentos de inicio de sesión | Para proteger las cuentas contra adivinanzas y abusos |
| La configuración de notificaciones y los dispositivos con notificaciones push activadas | Para enviarte las notificaciones que elegiste |

No vendemos tus datos ni usamos rastreadores de publicidad o de analítica.

## Cuánto tiempo los guardamos

- Los datos de tu cuenta se guardan mientras tu cuenta esté abierta.
- Los mensajes con el repartidor se borran 30 días después de la entrega; las fotos en la puerta, cuando vence el plazo para reportar un problema con el pedido.
- Los pedidos hechos y los registros de monedero se guardan para las cuentas de los restaurantes y las nuestras, y se conservan (sin tu nombre ni tus datos de contacto) después de que cierres tu cuenta.

## Tus opciones

- **Descargar tus datos:** la tarjeta "Tus datos" de [la página de tu cuenta](/account) te da un archivo con tu perfil, pedidos, reseñas, favoritos, direcciones, notificaciones, mensajes, tarjetas guardadas (nunca sus números), equipos y el estado de cuenta de tu monedero.
- **Eliminar tu cuenta:** la tarjeta "Eliminar cuenta" de [la página de tu cuenta](/account) borra tu perfil, reseñas, favoritos, direcciones, mensajes y fotos, y cierra todas tus sesiones. Los pedidos y los registros de monedero se conservan, anónimos.
- **Notificaciones:** elige qué te enviamos y cómo en tu [configuración de notificaciones](/account/notifications).

Preguntas: [Contáctanos](/help/contact).`,
  },
  "restaurant-partners": {
    title: "Acuerdo de socios restaurantes",
    body: `Este acuerdo se aplica cuando agregas un restaurante a Nosh o administras uno.

## Tu restaurante en Nosh

- Puedes publicar un restaurante que administras o que tienes permiso para administrar, con datos verdaderos: su nombre, dirección, horario, menú, precios y alérgenos.
- Mantienes tu menú y tu horario al día, y marcas como agotados los platos que no puedes preparar.
- La información de alérgenos la das tú y debe ser exacta.

## Pedidos y dinero

- Aceptas o rechazas cada pedido, preparas a tiempo los pedidos aceptados y los entregas al repartidor o al cliente.
- Nosh se queda con su comisión sobre el subtotal de los artículos de cada pedido, como se muestra en tu página de pagos; el resto se paga en tu cuenta de pagos según tu calendario de pagos.
- Los reembolsos de los pedidos que rechazaste, o por problemas con lo que preparaste, salen de lo que el pedido te hizo ganar.

## Suspensión

Nosh puede suspender un restaurante que incumpla este acuerdo o ponga en riesgo a los clientes; se te muestra el motivo y los pedidos abiertos se conservan.

## Cambios

Cuando este acuerdo cambie, se te pedirá que aceptes la nueva versión la próxima vez que administres tu restaurante.`,
  },
  couriers: {
    title: "Acuerdo de repartidores",
    body: `Este acuerdo se aplica cuando solicitas repartir para Nosh y mientras repartes.

## Repartir

- Repartes con un vehículo que puedes usar legalmente y respetas las normas de tránsito.
- Durante tu turno, tu ubicación se comparte con Nosh para ofrecerte entregas y mostrar a los clientes dónde está su pedido.
- Recoges los pedidos como indica la aplicación, los mantienes cerrados y los entregas al cliente, o como el cliente pidió (dejados en la puerta con una foto).
- Los mensajes con los clientes son solo para la entrega.

## Ganancias

Tus ganancias por cada entrega se muestran en la aplicación antes de aceptarla y en tu página de ganancias, y se pagan en tu cuenta de pagos.

## Terminar

Puedes dejar de repartir en cualquier momento. Nosh puede retirarte el acceso por una conducta insegura o deshonesta.

## Cambios

Cuando este acuerdo cambie, se te pedirá que aceptes la nueva versión la próxima vez que abras la aplicación de repartidor.`,
  },
  cookies: {
    title: "Aviso de cookies",
    body: `Nosh solo usa las cookies que necesita para funcionar. No hay cookies de publicidad, de analítica ni de terceros.

| Cookie | Para qué sirve | Cuánto dura |
| --- | --- | --- |
| \`nosh_session\` (\`__Host-nosh_session\` en el sitio público) | Mantiene tu sesión iniciada | Hasta que cierres sesión, o tras un tiempo sin uso |
| \`XSRF-TOKEN\` | Protege tus solicitudes para que otros sitios no las falsifiquen | La sesión de tu navegador |
| \`nosh_mode\` | Recuerda si elegiste entrega a domicilio o para recoger | Un año |
| \`nosh_checkout\` | Recuerda qué pedido estás pagando | Hasta que termine el pago |
| \`nosh_lang\` | Recuerda el idioma que elegiste al pie de una página | Un año |
| \`nosh_kitchen\` | Mantiene una tableta de cocina vinculada al tablero de pedidos de su restaurante (solo en una tableta vinculada con un código) | Un año, o hasta que el restaurante elimine la tableta |

El sitio también guarda tu carrito, los platos que te gustan y algunas preferencias en el almacenamiento local de tu navegador, que nunca sale de tu dispositivo salvo que hagas un pedido.

Como estas cookies son necesarias para que el sitio funcione, no se pueden desactivar; puedes quitarlas cerrando sesión y borrando los datos de tu navegador.`,
  },
};
