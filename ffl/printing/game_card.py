def layout(doc, source, **_):
    doc.paragraph("todo")
