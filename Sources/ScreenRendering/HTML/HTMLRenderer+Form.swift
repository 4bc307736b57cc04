import ScreenModel

// A form as HTML: labelled inputs with the form's limits as the browser's own, and the
// submit as a button carrying the action's data, which the preview page sends with the values.
extension HTMLRenderer {
    static func form(_ form: Component.Form, into html: inout SVGMarkup) {
        // The action's data rides on the form: a submit sends it with the fields' values.
        let prefix = "field-\(form.submit.id ?? form.id ?? "form")-"
        html.open("form", [("class", "form"), ("novalidate", "")] + actionAttributes(form.submit) + idAttribute(form.id))
        if let title = form.title { html.text("h2", title, [("class", "section-title")]) }
        for field in form.fields {
            let id = prefix + field.name
            var common: [SVGMarkup.Attribute] = [("id", id), ("name", field.name)]
            if field.required { common.append(("required", "")) }
            switch field.kind {
            case .text, .search:
                html.open("div", [("class", "field field-\(field.kind.rawValue)")])
                html.text("label", field.label, [("for", id)])
                var limits: [SVGMarkup.Attribute] = [("maxlength", String(field.effectiveMaxLength))]
                if let minLength = field.minLength { limits.append(("minlength", String(minLength))) }
                if let placeholder = field.placeholder { limits.append(("placeholder", placeholder)) }
                if field.multiline {
                    html.text("textarea", field.value ?? "", common + limits + [("rows", "3")])
                } else {
                    let type = field.kind == .search ? "search" : "text"
                    html.element("input", common + [("type", type), ("value", field.value ?? "")] + limits)
                }
                html.close("div")
            case .choice:
                html.open("fieldset", [("class", "field field-choice")])
                html.text("legend", field.label)
                let chosen = field.initialValue
                for (i, option) in field.options.enumerated() {
                    let optionID = "\(id)-\(i + 1)"
                    var attributes: [SVGMarkup.Attribute] = [("id", optionID), ("name", field.name), ("type", "radio"), ("value", option.value)]
                    if option.value == chosen { attributes.append(("checked", "")) }
                    html.open("div", [("class", "option")])
                    html.element("input", attributes)
                    html.text("label", option.label, [("for", optionID)])
                    html.close("div")
                }
                html.close("fieldset")
            case .toggle:
                html.open("div", [("class", "field field-toggle")])
                var attributes = common + [("type", "checkbox"), ("value", "true")]
                if field.checked { attributes.append(("checked", "")) }
                html.element("input", attributes)
                html.text("label", field.label, [("for", id)])
                html.close("div")
            }
        }
        html.text("button", form.submit.label ?? "Send", [("type", "submit"), ("class", "button primary")])
        html.close("form")
    }
}
