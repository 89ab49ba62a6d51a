"""Stored documents are marked outdated (version 0), so each is built again by this code on its next
download or by the background sweep: the 27 Nov 2026 layouts changed what a stored PDF shows (match
sheets dated for played rounds, the French colour column whole, team keys naming MP and BP as the
headings do, play-off notes reading "places 1 and 2"). The files stay until they are rebuilt; no row
or file is deleted."""

from django.db import migrations


def mark_documents_outdated(apps, schema_editor):
    apps.get_model("tournaments", "Document").objects.update(version=0)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0040_document_language"),
    ]

    operations = [
        migrations.RunPython(mark_documents_outdated, migrations.RunPython.noop),
    ]
