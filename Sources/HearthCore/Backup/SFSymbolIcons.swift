/// The emoji Hearth shows for an SF Symbol name (Nestory Pro's `iconName`): the nearest one for the
/// symbols a home inventory's rooms and categories use. A symbol's variants (".fill", ".circle",
/// ".2") share their base's emoji.
enum SFSymbolIcons {
    static func emoji(_ symbol: String) -> String? {
        var name = symbol.lowercased()
        while true {
            if let emoji = table[name] { return emoji }
            guard let dot = name.lastIndex(of: ".") else { return nil }
            name = String(name[..<dot])
        }
    }

    static let table: [String: String] = [
        // Categories
        "desktopcomputer": "🖥️", "laptopcomputer": "💻", "tv": "📺", "display": "🖥️", "iphone": "📱", "ipad": "📱",
        "headphones": "🎧", "airpods": "🎧", "hifispeaker": "🔊", "speaker": "🔊", "gamecontroller": "🎮", "printer": "🖨️",
        "sofa": "🛋️", "chair": "🪑", "chair.lounge": "🪑", "table.furniture": "🪑", "lamp.desk": "💡", "lamp.floor": "💡",
        "lightbulb": "💡", "bed.double": "🛏️", "bed": "🛏️", "cabinet": "🗄️", "refrigerator": "🧊", "washer": "🧺",
        "dryer": "🧺", "oven": "🍳", "microwave": "🍳", "dishwasher": "🍽️", "fan": "🌀", "air.conditioner.horizontal": "❄️",
        "tshirt": "👕", "shoe": "👟", "handbag": "👜", "bag": "👜", "eyeglasses": "👓", "sunglasses": "🕶️",
        "sparkles": "💍", "crown": "👑", "diamond": "💎", "gift": "🎁", "watch": "⌚", "applewatch": "⌚", "clock": "🕰️",
        "photo.artframe": "🖼️", "paintbrush": "🖌️", "paintpalette": "🎨", "theatermasks": "🎭",
        "sportscourt": "⚽", "soccerball": "⚽", "basketball": "🏀", "football": "🏈", "tennisball": "🎾", "figure.run": "🏃",
        "dumbbell": "🏋️", "figure.strengthtraining.traditional": "🏋️", "skis": "⛷️", "snowboard": "🏂", "tent": "⛺",
        "figure.hiking": "🥾", "bicycle": "🚲", "car": "🚗", "car.side": "🚗", "bolt.car": "🚗", "scooter": "🛴",
        "wrench.and.screwdriver": "🔧", "wrench": "🔧", "screwdriver": "🪛", "hammer": "🔨", "wrench.adjustable": "🔧",
        "guitars": "🎸", "pianokeys": "🎹", "music.note": "🎵", "music.mic": "🎤", "music.quarternote.3": "🎵",
        "books.vertical": "📚", "book": "📖", "book.closed": "📕", "magazine": "📰", "newspaper": "📰", "opticaldisc": "💿",
        "film": "🎞️", "fork.knife": "🍴", "cup.and.saucer": "☕", "wineglass": "🍷", "frying.pan": "🍳", "takeoutbag.and.cup.and.straw": "🥤",
        "star": "⭐", "questionmark.folder": "📁", "folder": "📁", "archivebox": "📦", "shippingbox": "📦", "cube.box": "📦",
        "shippingbox.and.arrow.backward": "📦", "tag": "🏷️", "camera": "📷", "camera.aperture": "📷", "video": "🎥",
        "pawprint": "🐾", "dog": "🐕", "cat": "🐈", "leaf": "🌿", "tree": "🌳", "camera.macro": "🌷", "drop": "💧",
        "cross.case": "🩺", "pills": "💊", "stethoscope": "🩺", "heart": "❤️", "teddybear": "🧸", "puzzlepiece": "🧩",
        "doc": "📄", "doc.text": "📄", "briefcase": "💼", "banknote": "💵", "creditcard": "💳", "key": "🔑", "lock": "🔒",
        "shield": "🛡️", "umbrella": "☂️", "flame": "🔥", "bolt": "⚡", "battery.100": "🔋", "powerplug": "🔌", "cable.connector": "🔌",
        "globe": "🌍", "airplane": "✈️", "suitcase": "🧳", "sailboat": "⛵", "fish": "🐟",
        // Rooms
        "house": "🏠", "building": "🏢", "building.2": "🏢", "door.left.hand.open": "🚪", "door.garage.closed": "🚗",
        "shower": "🚿", "bathtub": "🛁", "toilet": "🚽", "stairs": "🪜", "figure.and.child.holdinghands": "🧸",
        "figure.2.and.child.holdinghands": "👪", "person": "🧑", "person.2": "👥", "sun.max": "☀️",
        "snowflake": "❄️", "popcorn": "🍿", "gym.bag": "🏋️", "hanger": "👔", "square.split.bottomrightquarter": "🪟",
        "window.vertical.open": "🪟", "mountain.2": "⛰️", "water.waves": "🌊",
    ]
}
