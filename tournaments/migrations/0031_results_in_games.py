"""Game and ResultSubmission leave the tournaments app's state (issue 25.7); the tables stay. Audit entries and content types that named them by their old label are renamed."""

from django.db import migrations

LABELS = {"tournaments.Game": "games.Game", "tournaments.ResultSubmission": "games.ResultSubmission"}


def _rename(apps, mapping):
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    for old, new in mapping.items():
        AuditEntry.objects.filter(object_type=old).update(object_type=new)
    ContentType = apps.get_model("contenttypes", "ContentType")
    for old, new in mapping.items():
        old_app, old_model = old.lower().split(".")
        new_app, new_model = new.lower().split(".")
        if not ContentType.objects.filter(app_label=new_app, model=new_model).exists():
            ContentType.objects.filter(app_label=old_app, model=old_model).update(app_label=new_app)


def rename_labels(apps, schema_editor):
    _rename(apps, LABELS)


def rename_labels_back(apps, schema_editor):
    _rename(apps, {new: old for old, new in LABELS.items()})


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_results_in_games'),
        ('tournaments', '0030_draughts_result_rules'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
            migrations.RemoveField(
                model_name='resultsubmission',
                name='game',
            ),
            migrations.RemoveField(
                model_name='resultsubmission',
                name='confirmed_by',
            ),
            migrations.RemoveField(
                model_name='resultsubmission',
                name='submitted_by',
            ),
            migrations.RemoveField(
                model_name='resultsubmission',
                name='submitted_for',
            ),
            migrations.DeleteModel(
                name='Game',
            ),
            migrations.DeleteModel(
                name='ResultSubmission',
            ),
    
            ],
        ),
        migrations.RunPython(rename_labels, rename_labels_back),
    ]
